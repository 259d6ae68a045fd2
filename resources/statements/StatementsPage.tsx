import { Alert, Box, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { chosenMonth, monthLabel, thisMonth } from './month';
import { MonthSelect } from './MonthSelect';
import { StatementDownload } from './StatementDownload';
import { StatementList } from './StatementList';

/**
 * /admin-panel/statements?month=YYYY-MM: a month's statements (last month by default): every
 * postpaid customer's in one PDF, and the month's numbered statements, each to download again.
 */
export function StatementsPage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const month = chosenMonth(params.get('month'));
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('app.statements.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.statements.heading', { month: monthLabel(month) })}
      </Typography>
      <Stack direction="row" gap={2} flexWrap="wrap" alignItems="center" sx={{ mb: 2 }}>
        <MonthSelect value={month} onChange={(m) => setParams({ month: m }, { replace: true })} />
        <StatementDownload
          month={month}
          label={translate('app.statements.download_all')}
          variant="contained"
        />
      </Stack>
      {month === thisMonth() && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('app.statements.draft_note')}
        </Alert>
      )}
      <StatementList key={month} month={month} />
    </Box>
  );
}
