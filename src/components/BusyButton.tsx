import { Button, type ButtonProps } from '@mui/material';

/** A submit button that is disabled and shows the spec's busy label while its request runs. */
export function BusyButton({
  busy,
  label,
  busyLabel,
  ...props
}: ButtonProps & { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" variant="contained" disabled={busy} aria-busy={busy} {...props}>
      {busy ? busyLabel : label}
    </Button>
  );
}
