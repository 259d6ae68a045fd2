import { Box } from '@mui/material';

/**
 * A sidebar entry's count of new orders: a small pill after its label. Hidden from screen
 * readers, which hear the same count through the entry's description (`badgeDescription`).
 */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Box
      component="span"
      aria-hidden="true"
      data-testid="live-count"
      sx={{
        ml: 1,
        px: 0.75,
        minWidth: 20,
        height: 20,
        borderRadius: 10,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
        bgcolor: 'error.main',
        color: 'error.contrastText',
        fontSize: '0.75rem',
        fontWeight: 600,
        lineHeight: 1,
      }}
    >
      {count > 99 ? '99+' : count}
    </Box>
  );
}
