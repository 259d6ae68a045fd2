import { Box } from '@mui/material';
import { SimpleForm, useGetOne, useTranslate } from 'react-admin';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { ContentCard } from './ContentCard';
import { ContentPreview } from './ContentPreview';
import { useContentSave } from './useContentSave';
import { ContentEditor } from './ContentEditor';

interface LegalTextProps {
  resource: 'termsText' | 'privacyText';
  /** Prefix of the screen's wording in app.content (`terms_title`, `terms_saved`, ...). */
  kind: 'terms' | 'privacy';
  publicPath: string;
}

/** A rich-text editor with its live preview and Save (spec 001 §2, content screens). */
function LegalTextEdit({ resource, kind, publicPath }: LegalTextProps) {
  const translate = useTranslate();
  const { data, isPending, error, dataUpdatedAt } = useGetOne(resource, { id: kind });
  const save = useContentSave(resource, {
    successMessage: translate(`app.content.${kind}_saved`),
    failureMessage: translate(`app.content.${kind}_failed`),
  });
  // The terms screen reads result.content, the privacy screen result.termsAndConditions (§7).
  const stored = String((kind === 'privacy' ? data?.termsAndConditions : data?.content) ?? '');
  const record = { id: kind, content: stored };
  return (
    <ContentCard
      title={translate(`app.content.${kind}_title`)}
      publicPath={publicPath}
      isPending={isPending}
      error={error}
    >
      <SimpleForm
        key={dataUpdatedAt}
        record={record}
        onSubmit={({ content }: Record<string, unknown>) =>
          save(kind, kind === 'privacy' ? { content, type: 'privacy' } : { content })
        }
        toolbar={
          <FormToolbar label={translate('app.content.save')} busyLabel={translate('app.busy')} />
        }
      >
        <Box
          sx={{ display: 'grid', gap: 2, width: '100%', gridTemplateColumns: { lg: '1fr 1fr' } }}
        >
          <ContentEditor />
          <ContentPreview initial={stored} />
        </Box>
      </SimpleForm>
    </ContentCard>
  );
}

/** /admin-panel/terms-and-conditions */
export function TermsEdit() {
  return <LegalTextEdit resource="termsText" kind="terms" publicPath="/terms" />;
}

/** /admin-panel/privacy-policy */
export function PrivacyEdit() {
  return <LegalTextEdit resource="privacyText" kind="privacy" publicPath="/privacy" />;
}
