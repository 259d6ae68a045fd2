import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { Button, useListContext, useTranslate, type Identifier } from 'react-admin';
import { indiaDay } from '@shared/time';
import { useBulkAction } from '@/lists/useBulkAction';
import type { AppDataProvider } from '@/providers/types';
import type { Rider } from '../riders/calls';
import { RiderPicker } from './RiderPicker';

/** What a change of rider reloads: the jobs lists, the orders lists and the riders' loads. */
export const ASSIGN_RELOADS = ['assigningJobs', 'orders', 'riders'];

interface Choice {
  riderId: Identifier;
  date: string;
}

/**
 * The jobs list's bulk action 'Assign to rider': a rider (those serving the selected jobs' pin
 * codes first, each with the day's load) and the run day (today by default), in one
 * order/assign-rider call; the list reloads and the server's message is shown.
 */
export function AssignRiderButton() {
  const translate = useTranslate();
  const titleId = useId();
  const { data = [], selectedIds } = useListContext();
  const [open, setOpen] = useState(false);
  const [rider, setRider] = useState<Rider | null>(null);
  const [date, setDate] = useState(indiaDay);
  const { count, apply, busy } = useBulkAction(
    (dp: AppDataProvider, orderIds: Identifier[], choice: Choice) =>
      dp.assignRider({ orderIds, riderId: choice.riderId, date: choice.date }),
    { failureMessage: 'app.assigningJobs.assign_failed', invalidates: ASSIGN_RELOADS },
  );
  const pincodes = [
    ...new Set(
      data
        .filter((job) => selectedIds.includes(job.id) && job.pincode)
        .map((job) => String(job.pincode)),
    ),
  ];
  const start = () => {
    setRider(null);
    setDate(indiaDay());
    setOpen(true);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!rider || !date) return;
    if (await apply({ riderId: rider._id, date })) setOpen(false);
  };
  const t = (key: string, options?: object) => translate(`app.assigningJobs.${key}`, options);
  return (
    <>
      <Button label="app.assigningJobs.assign" onClick={start} disabled={busy}>
        <PersonAddIcon />
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <form onSubmit={save}>
          <DialogTitle id={titleId}>{t('assign_title', { smart_count: count })}</DialogTitle>
          <DialogContent>
            <Stack gap={2} sx={{ pt: 1 }}>
              <TextField
                type="date"
                label={t('run_date')}
                value={date}
                onChange={(e) => setDate(e.target.value)}
                required
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ maxWidth: 200 }}
              />
              <RiderPicker pincodes={pincodes} date={date} value={rider} onChange={setRider} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('app.orders.cancel')}</MuiButton>
            <MuiButton type="submit" variant="contained" disabled={!rider || !date || busy}>
              {busy ? translate('app.busy') : t('assign_submit')}
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
