import { Box, Typography } from '@mui/material';
import {
  Form,
  NumberInput,
  maxValue,
  minValue,
  number,
  required,
  useCanAccess,
  useTranslate,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useAction } from '@/actions/useAction';
import { useActionQuery } from '@/actions/useActionQuery';
import { FormToolbar } from '@/forms/FormToolbar';
import type { AppDataProvider } from '@/providers/types';
import type { AccountSettings } from './calls';

const SETTINGS_KEY = ['dues', 'settings'];

/**
 * The low-balance days (GET account/get-settings): shown to every admin of the list, changed in
 * place (POST account/update-settings) by admins of Settings.
 */
export function LowBalanceSetting() {
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ resource: 'accountSettings', action: 'edit' });
  const stored = useActionQuery<AppDataProvider, AccountSettings>(SETTINGS_KEY, (dp) =>
    dp.getAccountSettings({}),
  );
  const save = useAction(
    (dp: AppDataProvider, values: FieldValues) =>
      dp.updateAccountSettings({ lowBalanceDays: Number(values.lowBalanceDays) }),
    {
      successMessage: 'app.dues.saved',
      failureMessage: 'app.dues.save_failed',
      invalidates: ['dues', 'lowBalance'],
    },
  );
  if (stored.isPending) return null;
  if (stored.error || !stored.data) {
    return (
      <Typography color="error" role="alert">
        {(stored.error as Error | null)?.message}
      </Typography>
    );
  }
  const days = stored.data.lowBalanceDays;
  const range = translate('app.dues.days_range');
  return (
    <Box component="section" aria-label={translate('app.dues.setting_label')} sx={{ mb: 1 }}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.dues.low_intro')}
      </Typography>
      {canEdit ? (
        <Form
          key={stored.dataUpdatedAt}
          record={{ lowBalanceDays: days }}
          onSubmit={save.submit}
          disableInvalidFormNotification
        >
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <NumberInput
              source="lowBalanceDays"
              label="app.dues.setting_label"
              validate={[required(range), number(range), minValue(1, range), maxValue(60, range)]}
              step={1}
              min={1}
              max={60}
              sx={{ width: 260 }}
            />
            <Box sx={{ '& .MuiToolbar-root': { p: 0, minHeight: 0, bgcolor: 'transparent' } }}>
              <FormToolbar
                label={translate('app.dues.save')}
                busyLabel={translate('app.dues.saving')}
              />
            </Box>
          </Box>
        </Form>
      ) : (
        <Typography>{translate('app.dues.setting_line', { smart_count: days })}</Typography>
      )}
    </Box>
  );
}
