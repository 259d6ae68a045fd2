import { Chip } from '@mui/material';

/**
 * A status as a tinted chip with dark text. The filled warning and info chips (white on orange,
 * white on light blue) fall short of WCAG AA contrast; these pairs pass it (over 7:1).
 */
const TINTS = {
  amber: { color: '#6d3a00', bgcolor: '#fff1dc' },
  blue: { color: '#0b3f8c', bgcolor: '#e3f0fd' },
  green: { color: '#1b5e20', bgcolor: '#e6f4e7' },
  red: { color: '#8e1616', bgcolor: '#fdeaea' },
  grey: { color: '#333333', bgcolor: '#eeeeee' },
} as const;

const TINT_OF: Record<string, keyof typeof TINTS> = {
  Pending: 'amber',
  'Out for Delivery': 'blue',
  Delivered: 'green',
  Cancelled: 'red',
  resolved: 'green',
  unresolved: 'amber',
};

/** `status` picks the colour; `label` is what it says (the status itself by default). */
export function StatusChip({ status, label }: { status: unknown; label?: string }) {
  if (!status) return null;
  const tint = TINTS[TINT_OF[String(status)] ?? 'grey'];
  return <Chip size="small" label={label ?? String(status)} sx={{ ...tint, fontWeight: 500 }} />;
}
