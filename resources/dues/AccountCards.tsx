import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SavingsIcon from '@mui/icons-material/Savings';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Card, CardActionArea, Grid, Typography } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useActionQuery } from '@/actions/useActionQuery';
import { formatRupees, formatWholeRupees } from '@/format';
import type { AppDataProvider } from '@/providers/types';
import { FigureTile, type FigureTileProps } from '@resources/dashboard/FigureTile';
import { SUMMARY_KEY, type AccountSummary } from './calls';
import { DUES_PATH, LOW_BALANCE_PATH } from './paths';

interface Figure extends FigureTileProps {
  to?: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 2026-11 as Nov 2026. */
const monthName = (month: string) =>
  `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;

function FigureCard({ figure }: { figure: Figure }) {
  return (
    <Card sx={{ height: '100%' }}>
      {figure.to ? (
        <CardActionArea component={Link} to={figure.to} sx={{ height: '100%' }}>
          <FigureTile {...figure} />
        </CardActionArea>
      ) : (
        <FigureTile {...figure} />
      )}
    </Card>
  );
}

/**
 * The dashboard's account figures (GET account/summary): this month's billing and collections,
 * the dues with their 90+ part, and the customers low on balance. Only for admins of Orders
 * Management (the same canAccess as the Dues menu entry).
 */
export function AccountCards() {
  const { canAccess } = useCanAccess({ resource: 'dues', action: 'list' });
  return canAccess ? <AccountFigures /> : null;
}

function AccountFigures() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.dues.cards.${key}`, options);
  const summary = useActionQuery<AppDataProvider, AccountSummary>(SUMMARY_KEY, (dp) =>
    dp.duesSummary({}),
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
      label: t('billing'),
      value: data.charged,
      text: formatWholeRupees(data.charged),
      detail: t('billing_detail', { month: monthName(data.month) }),
      icon: ReceiptLongIcon,
      colour: '#00695c',
    },
    {
      label: t('collections'),
      value: data.collected,
      text: formatWholeRupees(data.collected),
      detail: data.refunded
        ? t('refunded_detail', { amount: formatRupees(data.refunded) })
        : undefined,
      icon: SavingsIcon,
      colour: '#2e7d32',
    },
    {
      label: t('dues'),
      value: data.dues.owed,
      text: formatWholeRupees(data.dues.owed),
      detail: t('dues_detail', { amount: formatWholeRupees(data.dues.buckets.d90_plus) }),
      to: DUES_PATH,
      icon: AccountBalanceWalletIcon,
      colour: '#c62828',
    },
    {
      label: t('low_balance'),
      value: data.lowBalance.customers,
      detail: t('low_balance_detail', { days: data.lowBalance.lowBalanceDays }),
      to: LOW_BALANCE_PATH,
      icon: WarningAmberIcon,
      colour: '#ef6c00',
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
        <Grid key={figure.label} size={{ xs: 6, md: 3 }} component="li">
          <FigureCard figure={figure} />
        </Grid>
      ))}
    </Grid>
  );
}
