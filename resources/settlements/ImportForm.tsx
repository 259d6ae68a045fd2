import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useAction } from '@/actions/useAction';
import { serverReason } from '@/actions/useWriteFeedback';
import type { AppDataProvider } from '@/providers/types';
import type { SettlementImportResult } from './calls';

/**
 * The file picker and Import (POST account/import-settlement): the layout in a sentence with a
 * sample line; a refused file's reason (the lines that are wrong) stays on the card.
 */
export function ImportForm({
  onImported,
}: {
  /** The import's result; null when a file was refused (the earlier result no longer shown). */
  onImported: (r: SettlementImportResult | null) => void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.settlements.${key}`);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState('');
  const run = useAction(
    (dp: AppDataProvider, chosen: File) => dp.importSettlement({ file: chosen }),
    {
      failureMessage: 'app.settlements.import_failed',
      invalidates: ['settlementLines', 'settlementImports'],
      onSuccess: ({ data }) => {
        setRefusal('');
        setFile(null);
        if (input.current) input.current.value = '';
        onImported(data);
      },
      reasonShownInPlace: true,
      onError: (error) => {
        setRefusal(serverReason(error));
        onImported(null);
      },
    },
  );
  return (
    <Card sx={{ mb: 2 }} component="section" aria-label={t('import_title')}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('import_title')}
        </Typography>
        <Typography variant="body2">{t('layout')}</Typography>
        <Typography
          variant="body2"
          sx={{ mt: 1, fontFamily: 'monospace', overflowWrap: 'anywhere' }}
        >
          {t('sample')}
        </Typography>
        <Stack direction="row" alignItems="center" gap={2} flexWrap="wrap" sx={{ mt: 2 }}>
          <Button variant="outlined" component="label">
            {t('choose_file')}
            <input
              ref={input}
              hidden
              type="file"
              accept=".csv,text/csv"
              aria-label={t('choose_file')}
              onChange={(e) => {
                setRefusal('');
                setFile(e.target.files?.[0] ?? null);
              }}
            />
          </Button>
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {file?.name ?? t('no_file')}
          </Box>
          <Button
            variant="contained"
            disabled={!file || run.isPending}
            onClick={() => file && run.mutate(file)}
          >
            {run.isPending ? t('importing') : t('import')}
          </Button>
        </Stack>
        {refusal && (
          <Alert severity="error" role="alert" sx={{ mt: 2, whiteSpace: 'pre-line' }}>
            {refusal.replace(/\. (?=Line \d|And \d|Nothing was)/g, '.\n')}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
