import type { ReactNode } from 'react';
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/**
 * A column left out wherever the table is narrow (the payment method: the order's screen has
 * it): on phones, and from `lg` on, where the panel
 * shares the row with another, until the screen is wide enough (`xl`) for every column and a
 * status chip ('Out for Delivery') that is never cut.
 */
export const HIDDEN_WHEN_NARROW = {
  display: { xs: 'none', sm: 'table-cell', lg: 'none', xl: 'table-cell' },
};

/** A titled card with a 'View all' link to the full list. */
export function RecentPanel({
  title,
  viewAll,
  viewAllLabel,
  children,
}: {
  title: string;
  /** The full list, relative to /admin-panel. */
  viewAll: string;
  /** What the link says to a screen reader ('View all orders'). */
  viewAllLabel: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardContent>
        <Box
          sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}
        >
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Link component={RouterLink} to={viewAll} aria-label={viewAllLabel}>
            {translate('app.dashboard.view_all')}
          </Link>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
