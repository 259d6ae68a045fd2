import { Chip } from '@mui/material';

/** What a status means at a glance: waiting, on its way, done, refused, or neutral. */
export type StatusTone = 'warning' | 'info' | 'success' | 'error' | 'default';

/**
 * The one look of a status in the panel (orders, returns, tickets, customers, admins, products):
 * a small filled chip in its tone, on one line. The theme's warning and info are dark enough for
 * white text to meet WCAG AA in both themes.
 */
export function StatusChip({ label, tone }: { label: string; tone: StatusTone }) {
  return <Chip size="small" color={tone} label={label} sx={{ whiteSpace: 'nowrap' }} />;
}

/** Active / Inactive (or Blocked) records: green when active, grey otherwise. */
export const activeTone = (status: unknown): StatusTone =>
  status === 'Active' ? 'success' : 'default';
