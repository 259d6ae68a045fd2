import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '@/providers/types';
import { useWatch } from 'react-hook-form';

const DEBOUNCE_MS = 400;

/**
 * The live preview beside an editor: the server's sanitised form of the text being typed
 * (POST content/preview), so it shows exactly what a save will store and what visitors see.
 * `initial` is the stored text, already sanitised, shown until the text changes.
 */
export function ContentPreview({ initial }: { initial: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const content = (useWatch({ name: 'content' }) as string | undefined) ?? '';
  // The latest answer of the server; until the text changes, the stored text is shown.
  const [answer, setPreview] = useState<{ html: string } | { failed: true } | null>(null);
  const preview = content === initial || !answer ? { html: initial } : answer;

  useEffect(() => {
    if (content === initial) return;
    let current = true;
    const timer = setTimeout(() => {
      dataProvider
        .previewContent({ content })
        .then(({ data }) => {
          if (current) setPreview({ html: String(data?.content ?? '') });
        })
        .catch(() => {
          if (current) setPreview({ failed: true });
        });
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [content, initial, dataProvider]);

  return (
    <Box
      component="section"
      aria-labelledby="content-preview-title"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, width: '100%' }}
    >
      <Typography id="content-preview-title" variant="subtitle1" component="h2">
        {translate('app.content.preview')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.content.preview_help')}
      </Typography>
      {'failed' in preview ? (
        <Typography color="error">{translate('app.content.preview_failed')}</Typography>
      ) : preview.html ? (
        <Box
          data-testid="content-preview"
          sx={{ overflowWrap: 'anywhere', '& a': { color: 'primary.main' } }}
          // Sanitised by the server (server/lib/richText.ts), the same HTML it stores.
          dangerouslySetInnerHTML={{ __html: preview.html }}
        />
      ) : (
        <Typography data-testid="content-preview" color="text.secondary">
          {translate('app.content.preview_empty')}
        </Typography>
      )}
    </Box>
  );
}
