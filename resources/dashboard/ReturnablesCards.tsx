import PropaneTankIcon from '@mui/icons-material/PropaneTank';
import ScheduleIcon from '@mui/icons-material/Schedule';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import { Card, CardActionArea, Grid, Typography } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useActionQuery } from '@/actions/useActionQuery';
import { formatCount } from '@/format';
import type { AppDataProvider } from '@/providers/types';
import { OUTSTANDING_PATH, SUMMARY_KEY, type ReturnableSummary } from '../returnables/calls';
import { FigureTile, type FigureTileProps } from './FigureTile';

interface Figure extends FigureTileProps {
  to: string;
}

function FigureCard({ figure }: { figure: Figure }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea component={Link} to={figure.to} sx={{ height: '100%' }}>
        <FigureTile {...figure} />
      </CardActionArea>
    </Card>
  );
}

/**
 * Jars and cylinders with customers, and the overdue ones (GET returnable/summary), each
 * opening the outstanding list (overdue: filtered to that many days). Only for admins of
 * Return Management (the same canAccess as the menu).
 */
export function ReturnablesCards() {
  const { canAccess } = useCanAccess({ resource: 'returnables', action: 'list' });
  return canAccess ? <ReturnablesFigures /> : null;
}

function ReturnablesFigures() {
  const translate = useTranslate();
  const t = (key: string, options?: object) =>
    translate(`app.dashboard.returnables.${key}`, options);
  const summary = useActionQuery<AppDataProvider, ReturnableSummary>(SUMMARY_KEY, (dp) =>
    dp.returnableSummary({}),
  );
  const data = summary.data;
  if (summary.isPending) return null;
  if (summary.error || !data) {
    return (
      <Typography color="error" role="alert">
        {t('load_failed', { reason: (summary.error as Error | null)?.message ?? '' })}
      </Typography>
    );
  }
  const figures: Figure[] = [
    {
      label: t('jars_out'),
      value: data.jarsOut,
      to: OUTSTANDING_PATH,
      icon: WaterDropIcon,
      colour: '#0277bd',
    },
    {
      label: t('cylinders_out'),
      value: data.cylindersOut,
      to: OUTSTANDING_PATH,
      icon: PropaneTankIcon,
      colour: '#4527a0',
    },
    {
      label: t('overdue', { days: data.overdueDays }),
      value: data.overdueUnits,
      // Grouped as the figures are (64,423), the plural still chosen by the number.
      detail: t('overdue_customers', {
        smart_count: data.overdueCustomers,
        count: formatCount(data.overdueCustomers),
      }),
      to: `${OUTSTANDING_PATH}?minDays=${data.overdueDays}`,
      icon: ScheduleIcon,
      colour: '#c62828',
    },
  ];
  return (
    <Grid
      container
      spacing={2}
      component="ul"
      aria-label={t('title')}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {figures.map((figure) => (
        <Grid key={figure.label} size={{ xs: 6, md: 4 }} component="li">
          <FigureCard figure={figure} />
        </Grid>
      ))}
    </Grid>
  );
}
