import PasswordIcon from '@mui/icons-material/Password';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useAction } from '@/actions/useAction';
import type { AppDataProvider } from '@/providers/types';

/** Mirrors the server's first check (4 to 6 digits); its other refusals come back as 400s. */
export const isPinShaped = (pin: string) => /^\d{4,6}$/.test(pin.trim());

/**
 * 'Set PIN': the rider app's PIN, typed where the admin can read it out to the rider (it is
 * not shown again), then saved; the server's message says who was signed out.
 */
export function SetPinButton({
  riderId,
  name,
  hasPin,
}: {
  riderId: string;
  name: string;
  hasPin: boolean;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [pin, setPin] = useState('');
  const [touched, setTouched] = useState(false);
  const setRiderPin = useAction(
    (dp: AppDataProvider, value: string) => dp.setRiderPin({ riderId, pin: value }),
    {
      failureMessage: 'app.riders.app.set_pin_failed',
      invalidates: ['riders'],
      onSuccess: () => setOpen(false),
    },
  );
  const start = () => {
    setPin('');
    setTouched(false);
    setOpen(true);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (isPinShaped(pin)) setRiderPin.mutate(pin.trim());
  };
  const invalid = touched && !isPinShaped(pin);
  return (
    <>
      <Button variant="outlined" startIcon={<PasswordIcon />} onClick={start}>
        {translate(hasPin ? 'app.riders.app.change_pin' : 'app.riders.app.set_pin')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
      >
        <form onSubmit={save} noValidate>
          <DialogTitle id={titleId}>
            {translate('app.riders.app.set_pin_title', { name })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {translate('app.riders.app.set_pin_text')}
            </DialogContentText>
            <TextField
              autoFocus
              fullWidth
              label={translate('app.riders.app.new_pin')}
              value={pin}
              onChange={(e) => setPin(e.target.value)}
              onBlur={() => pin && setTouched(true)}
              error={invalid}
              helperText={translate(
                invalid ? 'app.riders.app.pin_invalid' : 'app.riders.app.pin_help',
              )}
              // Shown as typed (not a password field): the admin reads it out to the rider.
              slotProps={{
                htmlInput: {
                  inputMode: 'numeric',
                  autoComplete: 'off',
                  sx: { fontSize: '1.5rem', letterSpacing: '0.3em' },
                },
              }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('app.riders.app.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={setRiderPin.isPending}>
              {setRiderPin.isPending ? translate('app.busy') : translate('app.riders.app.save_pin')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
