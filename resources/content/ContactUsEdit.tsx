import { RecordForm } from '@/forms/RecordForm';
import { Box } from '@mui/material';
import { email, required, TextInput, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { FormToolbar } from '@/forms/FormToolbar';
import { ContentCard } from './ContentCard';
import { ContentEditor } from './ContentEditor';
import { ContentPreview } from './ContentPreview';
import { useContentForm } from './useContentForm';

// The server's rule (server/lib/validation.ts phoneNumber): an Indian mobile, or a landline with
// its STD code after +91 or 0; spaces and dashes between the groups.
const INDIAN_PHONE = /^(?:(?:\+91|0091|0)?[6-9]\d{9}|(?:\+91|0091|0)[1-9]\d{9})$/;

function validPhone(value: unknown) {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return INDIAN_PHONE.test(value.replace(/[\s-]/g, '')) ? undefined : 'app.content.invalid_phone';
}

/**
 * /admin-panel/contact-us: Email, Phone and the rich content, with a live HTML preview. The
 * e-mail box is plain text: with type="email" the browser's own check would block the submit
 * before the spec's message shows.
 */
export function ContactUsEdit() {
  const translate = useTranslate();
  const { stored, save } = useContentForm(
    'contact',
    (dp) => dp.getContactUs({}),
    (dp, { content, email: address, phone }: FieldValues) =>
      dp.saveContactUs({ content: String(content), email: String(address), phone: String(phone) }),
    { successMessage: 'app.content.contact_saved', failureMessage: 'app.content.contact_failed' },
  );
  const { data, isPending, error, dataUpdatedAt } = stored;
  const record = {
    id: 'contact',
    content: String(data?.content ?? ''),
    email: String(data?.email ?? ''),
    phone: String(data?.phone ?? ''),
  };
  return (
    <ContentCard
      title={translate('app.content.contact_title')}
      publicPath="/#contact"
      isPending={isPending}
      error={error}
    >
      <RecordForm
        key={dataUpdatedAt}
        record={record}
        onSubmit={save.submit}
        toolbar={
          <FormToolbar label={translate('app.content.save')} busyLabel={translate('app.busy')} />
        }
      >
        <Box
          sx={{ display: 'grid', gap: 2, width: '100%', gridTemplateColumns: { md: '1fr 1fr' } }}
        >
          <TextInput
            source="email"
            label="app.content.email"
            validate={[required('app.content.email_required'), email('app.content.invalid_email')]}
            fullWidth
          />
          <TextInput
            source="phone"
            label="app.content.phone"
            type="tel"
            validate={[required('app.content.phone_required'), validPhone]}
            fullWidth
          />
        </Box>
        <Box
          sx={{ display: 'grid', gap: 2, width: '100%', gridTemplateColumns: { lg: '1fr 1fr' } }}
        >
          <ContentEditor />
          <ContentPreview initial={record.content} />
        </Box>
      </RecordForm>
    </ContentCard>
  );
}
