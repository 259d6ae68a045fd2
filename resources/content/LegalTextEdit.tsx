import { RecordForm } from '@/forms/RecordForm';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { FormToolbar } from '@/forms/FormToolbar';
import { ContentCard } from './ContentCard';
import { ContentEditor } from './ContentEditor';
import { ContentPreview } from './ContentPreview';
import { useContentForm } from './useContentForm';

interface LegalTextProps {
  /** Prefix of the screen's wording in app.content (`terms_title`, `terms_saved`, ...). */
  kind: 'terms' | 'privacy';
  publicPath: string;
}

/** A rich-text editor with its live preview and Save (spec 001 §2, content screens). */
function LegalTextEdit({ kind, publicPath }: LegalTextProps) {
  const translate = useTranslate();
  const privacy = kind === 'privacy';
  const { stored: text, save } = useContentForm(
    kind,
    (dp) => (privacy ? dp.getPrivacy({}) : dp.getTerms({})),
    (dp, values: FieldValues) => {
      const content = String(values.content ?? '');
      return privacy ? dp.savePrivacy({ content, type: 'privacy' }) : dp.saveTerms({ content });
    },
    {
      successMessage: `app.content.${kind}_saved`,
      failureMessage: `app.content.${kind}_failed`,
    },
  );
  const { data, isPending, error, dataUpdatedAt } = text;
  // The terms screen reads result.content, the privacy screen result.termsAndConditions (§7).
  const stored = String((privacy ? data?.termsAndConditions : data?.content) ?? '');
  const record = { id: kind, content: stored };
  return (
    <ContentCard
      title={translate(`app.content.${kind}_title`)}
      publicPath={publicPath}
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
          sx={{ display: 'grid', gap: 2, width: '100%', gridTemplateColumns: { lg: '1fr 1fr' } }}
        >
          <ContentEditor />
          <ContentPreview initial={stored} />
        </Box>
      </RecordForm>
    </ContentCard>
  );
}

/** /admin-panel/terms-and-conditions */
export function TermsEdit() {
  return <LegalTextEdit kind="terms" publicPath="/terms" />;
}

/** /admin-panel/privacy-policy */
export function PrivacyEdit() {
  return <LegalTextEdit kind="privacy" publicPath="/privacy" />;
}
