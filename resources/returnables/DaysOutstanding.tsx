import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isOverdue } from './overdue';

/** How long units have been out, in red and bold once overdue. */
export function DaysOutstanding({ days, threshold }: { days: number | null; threshold: number }) {
  const translate = useTranslate();
  if (days === null || days === undefined) return <>{translate('app.returnables.none_dash')}</>;
  const overdue = isOverdue(days, threshold);
  return (
    <Typography
      variant="body2"
      component="span"
      color={overdue ? 'error' : undefined}
      sx={{ fontWeight: overdue ? 600 : undefined, whiteSpace: 'nowrap' }}
      title={overdue ? translate('app.returnables.overdue', { days: threshold }) : undefined}
    >
      {translate('app.returnables.days_count', { smart_count: days })}
    </Typography>
  );
}
