import { Card, CardContent, Typography } from '@mui/material';
import { required, TextInput, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useAction } from '@/actions/useAction';
import { useActionQuery } from '@/actions/useActionQuery';
import { FormToolbar } from '@/forms/FormToolbar';
import { RecordForm } from '@/forms/RecordForm';
import type { AppDataProvider } from '@/providers/types';
import type { RosterSettings } from './calls';
import { cutoffValid } from './rules';

/**
 * The cut-off (GET roster/get-settings, POST roster/update-settings): the India time at which
 * the next day's orders are made. It stays on the page after saving.
 */
export function CutoffCard() {
  const translate = useTranslate();
  const stored = useActionQuery<AppDataProvider, RosterSettings>(['holidays', 'settings'], (dp) =>
    dp.getRosterSettings({}),
  );
  const save = useAction(
    (dp: AppDataProvider, values: FieldValues) =>
      dp.updateRosterSettings({ cutoff: String(values.cutoff).trim() }),
    {
      successMessage: 'app.holidays.cutoff_saved',
      preferSuccessMessage: true,
      failureMessage: 'app.holidays.cutoff_failed',
      invalidates: ['holidays'],
    },
  );
  return (
    <Card
      sx={{ mb: 2, maxWidth: 720 }}
      component="section"
      aria-label={translate('app.holidays.cutoff_title')}
    >
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h6" component="h2">
          {translate('app.holidays.cutoff_title')}
        </Typography>
        <Typography color="text.secondary">{translate('app.holidays.cutoff_intro')}</Typography>
      </CardContent>
      {stored.isPending ? (
        <Typography sx={{ p: 2 }} role="status">
          {translate('app.loading')}
        </Typography>
      ) : stored.error ? (
        <Typography sx={{ p: 2 }} color="error" role="alert">
          {(stored.error as Error).message}
        </Typography>
      ) : (
        <RecordForm
          key={stored.dataUpdatedAt}
          record={{ cutoff: stored.data?.cutoff ?? '21:00' }}
          onSubmit={save.submit}
          mode="onChange"
          noValidate
          toolbar={
            <FormToolbar
              label={translate('app.holidays.save')}
              busyLabel={translate('app.holidays.saving')}
            />
          }
        >
          <TextInput
            source="cutoff"
            label="app.holidays.cutoff"
            validate={[required(), cutoffValid]}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, autoComplete: 'off' } }}
            sx={{ maxWidth: 200 }}
            fullWidth
          />
        </RecordForm>
      )}
    </Card>
  );
}
