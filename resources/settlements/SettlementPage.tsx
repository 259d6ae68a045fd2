import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import type { SettlementImportResult } from './calls';
import { ImportForm } from './ImportForm';
import { ImportResult } from './ImportResult';
import { ImportsList } from './ImportsList';
import { WaitingLines } from './WaitingLines';

/** /admin-panel/settlements: import a settlement file, its result, the lines waiting, the files. */
export function SettlementPage() {
  const translate = useTranslate();
  const title = translate('app.settlements.title');
  const [result, setResult] = useState<SettlementImportResult | null>(null);
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <ImportForm onImported={setResult} />
      {result && <ImportResult result={result} />}
      <WaitingLines />
      <ImportsList />
    </Box>
  );
}
