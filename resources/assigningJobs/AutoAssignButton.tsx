import AutoModeIcon from '@mui/icons-material/AutoMode';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useCanAccess, useGetList, useListContext, useTranslate } from 'react-admin';
import { useAction } from '@/actions/useAction';
import { pincodeLabel } from '@shared/pincode';
import { indiaDay } from '@shared/time';
import { PINCODE_DROPDOWN_SIZE } from '@/lists/filters/PincodeFilter';
import type { AppDataProvider } from '@/providers/types';
import { ASSIGN_RELOADS } from './AssignRiderButton';

/**
 * 'Auto-assign' above the jobs list: the service's unassigned jobs of a day (and one pin code,
 * the list's by default) spread over the riders of each pin code by load, by the server
 * (order/auto-assign); its message says how many went to whom and which pin codes have none.
 */
export function AutoAssignButton({ serviceId }: { serviceId: string }) {
  const translate = useTranslate();
  const titleId = useId();
  const { filterValues } = useListContext();
  const { canAccess } = useCanAccess({ resource: 'assigningJobs', action: 'edit' });
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(indiaDay);
  const [pincode, setPincode] = useState('');
  const { data: pincodes = [] } = useGetList(
    'pincodes',
    {
      pagination: { page: 1, perPage: PINCODE_DROPDOWN_SIZE },
      sort: { field: 'number', order: 'ASC' },
    },
    { enabled: open },
  );
  const autoAssign = useAction(
    (dp: AppDataProvider, params: { date: string; pincode?: string }) =>
      dp.autoAssign({ serviceId, ...params }),
    {
      failureMessage: 'app.assigningJobs.auto_failed',
      invalidates: ASSIGN_RELOADS,
      onSuccess: () => setOpen(false),
    },
  );
  if (!canAccess) return null;
  const t = (key: string) => translate(`app.assigningJobs.${key}`);
  const start = () => {
    setDate(indiaDay());
    setPincode(typeof filterValues.pincode === 'string' ? filterValues.pincode : '');
    setOpen(true);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (date) autoAssign.mutate({ date, ...(pincode && { pincode }) });
  };
  return (
    <>
      <Button variant="outlined" startIcon={<AutoModeIcon />} onClick={start}>
        {t('auto_assign')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
      >
        <form onSubmit={save}>
          <DialogTitle id={titleId}>{t('auto_title')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{t('auto_text')}</DialogContentText>
            <Stack gap={2}>
              <TextField
                type="date"
                label={t('run_date')}
                value={date}
                onChange={(e) => setDate(e.target.value)}
                required
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                select
                label={t('pincode')}
                value={pincode}
                onChange={(e) => setPincode(e.target.value)}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{t('all_pincodes')}</MenuItem>
                {/* The list's pin code shows even before the pin codes have loaded. */}
                {pincode && !pincodes.some((p) => String(p.number) === pincode) && (
                  <MenuItem value={pincode}>{pincode}</MenuItem>
                )}
                {pincodes.map((p) => (
                  <MenuItem key={String(p.number)} value={String(p.number)}>
                    {pincodeLabel(p)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('app.orders.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={!date || autoAssign.isPending}>
              {autoAssign.isPending ? translate('app.busy') : t('auto_submit')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
