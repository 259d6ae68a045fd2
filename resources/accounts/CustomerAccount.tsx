import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Paper, Stack, TablePagination, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { useFileDownload } from '@/actions/useFileDownload';
import { BusyButton } from '@/components/BusyButton';
import { formatCount, formatDay, formatRupees } from '@/format';
import { PER_PAGE_CHOICES } from '@/lists/ListPagination';
import { useIsPhone } from '@/lists/PhoneList';
import type { AppDataProvider } from '@/providers/types';
import { AccountLedger } from './AccountLedger';
import { BillingModeDialog } from './BillingModeDialog';
import { ACCOUNT_KEY } from './calls';
import { MoneyDialog, type MoneyAction } from './MoneyDialog';
import type { CustomerAccount as Account } from './types';
import { StatementButton } from '@resources/statements/StatementButton';

/** One page of the customer's account (GET account/get-account/{userId}). */
function useAccount(userId: string, page: number, perPage: number) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [ACCOUNT_KEY, userId, page, perPage],
    queryFn: async () =>
      (await dataProvider.customerAccount({ userId, page, limit: perPage })).data,
    placeholderData: keepPreviousData,
  });
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body1" component="div">
        {children}
      </Typography>
    </Box>
  );
}

const ACTIONS: MoneyAction[] = ['payment', 'refund', 'adjust', 'refundDeposit', 'chargeDeposit'];
const ACTION_LABELS: Record<MoneyAction, string> = {
  payment: 'record_payment',
  refund: 'refund',
  adjust: 'adjust',
  refundDeposit: 'refund_deposit',
  chargeDeposit: 'charge_deposit',
};

function Summary({
  account,
  canWrite,
  onMode,
}: {
  account: Account;
  canWrite: boolean;
  onMode: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.accounts.${key}`, options);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('balance')}
      </Typography>
      <Typography
        variant="h4"
        component="p"
        aria-label={t('balance')}
        color={account.balance < 0 ? 'error.main' : undefined}
        sx={{ mb: 2 }}
      >
        {formatRupees(account.balance)}
      </Typography>
      <Stack direction="row" flexWrap="wrap" columnGap={3} rowGap={2}>
        <Figure label={t('billing_mode')}>
          {t(`billing_modes.${account.billingMode}`)}
          {canWrite && (
            <Button size="small" onClick={onMode} sx={{ ml: 1 }}>
              {t('change_mode')}
            </Button>
          )}
          {account.billingMode === 'prepaid' && account.pauseWhenLow && (
            <Typography variant="body2" color="text.secondary">
              {t('pauses_when_low')}
            </Typography>
          )}
        </Figure>
        <Figure label={t('owed')}>
          {account.owed > 0 && account.owedSince
            ? t('owed_since', {
                amount: formatRupees(account.owed),
                day: formatDay(account.owedSince),
              })
            : t('nothing_owed')}
        </Figure>
        <Figure label={t('deposit_held')}>{formatRupees(account.depositHeld)}</Figure>
        <Figure label={t('deposit_refundable')}>{formatRupees(account.depositRefundable)}</Figure>
      </Stack>
    </Paper>
  );
}

/**
 * The customer view's Account tab (issue 36): the balance, billing mode, dues and deposits, the
 * writes of Orders Management (each a dialog), and the ledger page by page with its CSV.
 */
export function CustomerAccount({ userId }: { userId: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.accounts.${key}`, options);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(PER_PAGE_CHOICES[0]!);
  const [open, setOpen] = useState<MoneyAction | 'mode' | null>(null);
  const phone = useIsPhone();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'accounts', action: 'edit' });
  const account = useAccount(userId, page, perPage);
  const ledger = useFileDownload({
    fetch: (dataProvider, stream) =>
      dataProvider.download('accounts', 'ledger', { values: { userId }, ...stream }),
    progressMessage: 'app.accounts.download_size',
    stoppedMessage: 'app.accounts.download_stopped',
    failureMessage: 'app.accounts.download_failed',
  });

  if (account.isPending) {
    return (
      <Typography sx={{ py: 2 }} role="status">
        {translate('app.loading')}
      </Typography>
    );
  }
  if (account.error || !account.data) {
    return (
      <Typography sx={{ py: 2 }} color="error" role="alert">
        {t('load_failed', { reason: (account.error as Error | null)?.message ?? '' })}
      </Typography>
    );
  }
  const data = account.data;
  return (
    <Box>
      <Summary account={data} canWrite={canWrite} onMode={() => setOpen('mode')} />
      {canWrite && (
        <Stack direction="row" flexWrap="wrap" gap={1} sx={{ mt: 2 }}>
          {ACTIONS.map((a) => (
            <Button
              key={a}
              variant={a === 'payment' ? 'contained' : 'outlined'}
              onClick={() => setOpen(a)}
            >
              {t(ACTION_LABELS[a])}
            </Button>
          ))}
        </Stack>
      )}
      <Stack
        direction="row"
        justifyContent="space-between"
        alignItems="center"
        flexWrap="wrap"
        gap={1}
        sx={{ mt: 3, mb: 1 }}
      >
        <Typography variant="h6" component="h2">
          {t('ledger')}
        </Typography>
        <Stack direction="row" flexWrap="wrap" gap={1} alignItems="center">
          {/* A month's statement (PDF), beside the whole ledger as CSV. */}
          <StatementButton userId={userId} />
          <BusyButton
            type="button"
            variant="outlined"
            startIcon={<DownloadIcon />}
            busy={ledger.busy}
            label={t('download')}
            busyLabel={ledger.progress ?? translate('app.busy')}
            onClick={ledger.start}
          />
        </Stack>
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <AccountLedger entries={data.entries} />
      </Box>
      {data.totalRecords > 0 && (
        <TablePagination
          component="div"
          count={data.totalRecords}
          page={page - 1}
          onPageChange={(_e, next) => setPage(next + 1)}
          rowsPerPage={perPage}
          // On a phone the page size choice would push the page arrows off the screen.
          rowsPerPageOptions={phone ? [] : PER_PAGE_CHOICES}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(1);
          }}
          labelRowsPerPage={t('per_page')}
          labelDisplayedRows={({ from, to, count }) =>
            t('showing', {
              from: formatCount(from),
              to: formatCount(to),
              total: formatCount(count),
            })
          }
          getItemAriaLabel={(type) =>
            translate(type === 'next' ? 'app.list.next' : 'app.list.previous')
          }
        />
      )}
      {open === 'mode' && <BillingModeDialog account={data} onClose={() => setOpen(null)} />}
      {open && open !== 'mode' && (
        <MoneyDialog action={open} account={data} onClose={() => setOpen(null)} />
      )}
    </Box>
  );
}
