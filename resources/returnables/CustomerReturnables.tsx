import EditNoteIcon from '@mui/icons-material/EditNote';
import { Box, Button, Stack, TablePagination, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { formatCount } from '@/format';
import { PER_PAGE_CHOICES } from '@/lists/ListPagination';
import type { AppDataProvider } from '@/providers/types';
import { BalancesTable } from './BalancesTable';
import { CorrectionDialog } from './CorrectionDialog';
import { LedgerTable } from './LedgerTable';
import { useOverdueDays } from './overdue';
import type { Ledger } from './types';

function Part({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Stack
        direction="row"
        justifyContent="space-between"
        alignItems="center"
        flexWrap="wrap"
        gap={1}
        sx={{ mb: 1 }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>{children}</Box>
    </Box>
  );
}

/** One page of a customer's ledger with their balances (GET returnable/ledger/{userId}). */
export function useLedger(userId: string, page: number, perPage: number) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['returnables', 'ledger', userId, page, perPage],
    queryFn: async () =>
      (await dataProvider.returnableLedger({ userId, page, limit: perPage })).data,
    // The next page replaces the table once it is there, not a 'Loading ...' in between.
    placeholderData: keepPreviousData,
  });
}

/**
 * A customer's jars and cylinders: what they hold of each item (overdue ones in red), the
 * ledger page by page, and 'Record correction' for admins of Return Management. `heading`
 * (the ledger page outside the customer view) names the customer above.
 */
export function CustomerReturnables({
  userId,
  heading,
}: {
  userId: string;
  heading?: (customer: Ledger['customer']) => ReactNode;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.returnables.${key}`, options);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(PER_PAGE_CHOICES[0]!);
  const [correcting, setCorrecting] = useState(false);
  const threshold = useOverdueDays();
  const { canAccess: canCorrect } = useCanAccess({ resource: 'returnables', action: 'edit' });
  const ledger = useLedger(userId, page, perPage);

  if (ledger.isPending) {
    return (
      <Typography sx={{ py: 2 }} role="status">
        {translate('app.loading')}
      </Typography>
    );
  }
  if (ledger.error || !ledger.data) {
    return (
      <Typography sx={{ py: 2 }} color="error" role="alert">
        {t('load_failed', { reason: (ledger.error as Error | null)?.message ?? '' })}
      </Typography>
    );
  }
  const { customer, balances, entries, totalRecords } = ledger.data;
  const total = Number(totalRecords ?? entries.length);
  return (
    <Box>
      {heading?.(customer)}
      <Part
        title={t('balances')}
        action={
          canCorrect && (
            <Button
              variant="outlined"
              startIcon={<EditNoteIcon />}
              onClick={() => setCorrecting(true)}
            >
              {t('correct')}
            </Button>
          )
        }
      >
        <BalancesTable balances={balances} threshold={threshold} />
      </Part>
      <Part title={t('ledger')}>
        <LedgerTable entries={entries} />
        {total > 0 && (
          <TablePagination
            component="div"
            count={total}
            page={page - 1}
            onPageChange={(_e, next) => setPage(next + 1)}
            rowsPerPage={perPage}
            rowsPerPageOptions={PER_PAGE_CHOICES}
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
      </Part>
      {correcting && (
        <CorrectionDialog
          userId={userId}
          name={customer.name}
          balances={balances}
          onClose={() => setCorrecting(false)}
        />
      )}
    </Box>
  );
}
