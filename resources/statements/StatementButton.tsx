import { Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { chosenMonth } from './month';
import { MonthSelect } from './MonthSelect';
import { StatementDownload } from './StatementDownload';

/**
 * A customer's statement of a month (last month by default, this month as a draft): the month
 * and Download. For the customer's Account tab.
 */
export function StatementButton({ userId }: { userId: string }) {
  const translate = useTranslate();
  const [month, setMonth] = useState(() => chosenMonth(null));
  return (
    <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
      <MonthSelect value={month} onChange={setMonth} />
      <StatementDownload
        month={month}
        userId={userId}
        label={translate('app.statements.download_statement')}
      />
    </Stack>
  );
}
