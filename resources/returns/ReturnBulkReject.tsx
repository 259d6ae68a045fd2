import BlockIcon from '@mui/icons-material/Block';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Button, useTranslate, type Identifier } from 'react-admin';
import { BusyButton } from '@/components/BusyButton';
import { useBulkAction } from '@/lists/useBulkAction';
import type { AppDataProvider } from '@/providers/types';

const REASON_MAX = 500;

/**
 * 'Reject' on the selected Pending requests: asks one reason for all (required, issue 37;
 * the server refuses a rejection without one), kept on each request as the single rejection
 * keeps its own (return-history/bulk-update-status).
 */
export function ReturnBulkReject() {
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const { count, apply, busy } = useBulkAction(
    (dp: AppDataProvider, returnIds: Identifier[], why: string) =>
      dp.settleReturns({ returnIds, status: 'Rejected', reason: why }),
    { failureMessage: 'app.returns.bulk_failed', invalidates: ['returns'] },
  );
  const tooLong = reason.length > REASON_MAX;
  const ready = reason.trim() !== '' && !tooLong;
  const open = () => {
    setReason('');
    setAsking(true);
  };
  const reject = async (event: FormEvent) => {
    event.preventDefault();
    if (ready && (await apply(reason.trim()))) setAsking(false);
  };
  const titleId = 'returns-bulk-reject-title';
  return (
    <>
      <Button label="app.returns.bulk_reject" onClick={open} disabled={busy}>
        <BlockIcon />
      </Button>
      <Dialog
        open={asking}
        onClose={busy ? undefined : () => setAsking(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
      >
        <form onSubmit={reject}>
          <DialogTitle id={titleId}>
            {translate('app.returns.bulk_reject_confirm', { smart_count: count })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>
              {translate('app.returns.bulk_reject_text', { smart_count: count })}
            </DialogContentText>
            <TextField
              label={translate('app.returns.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              error={tooLong}
              helperText={translate(
                tooLong ? 'app.returns.reason_too_long' : 'app.returns.bulk_reason_help',
              )}
              multiline
              minRows={2}
              fullWidth
              margin="normal"
            />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setAsking(false)} disabled={busy}>
              {translate('app.returns.cancel')}
            </MuiButton>
            <BusyButton
              busy={busy}
              disabled={busy || !ready}
              label={translate('app.returns.bulk_reject')}
              busyLabel={translate('app.updating')}
            />
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
