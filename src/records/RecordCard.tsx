import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { RecordMissing } from '../components/RecordMissing';

/** What a record screen shows until its record is there: 'Loading ...', or why it is missing. */
export function RecordLoadState({
  isPending,
  error,
  found,
  missingMessage,
  children,
}: {
  isPending: boolean;
  error?: { message?: string } | null;
  found: boolean;
  /** What to say when the record cannot be loaded; the server's reason by default. */
  missingMessage?: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (error || !found) return <RecordMissing message={missingMessage ?? error?.message} />;
  return <>{children}</>;
}

/**
 * The frame of a record screen: the page title, a card with the heading (and actions beside it,
 * such as Edit), then the screen's form or fields. `content` wraps the children in CardContent
 * (a show screen); a form brings its own padding.
 */
export function RecordCard({
  title,
  heading = title,
  actions,
  maxWidth = 720,
  content = false,
  children,
}: {
  title: string;
  heading?: ReactNode;
  actions?: ReactNode;
  maxWidth?: number | 'none';
  content?: boolean;
  children: ReactNode;
}) {
  return (
    <Card sx={{ mt: 2, maxWidth }}>
      <Title title={title} />
      <CardContent sx={content ? undefined : { pb: 0 }}>
        <Stack
          direction="row"
          justifyContent="space-between"
          alignItems="center"
          sx={content ? { mb: 2 } : undefined}
        >
          {typeof heading === 'string' ? (
            <Typography variant="h5" component="h1">
              {heading}
            </Typography>
          ) : (
            heading
          )}
          {actions}
        </Stack>
        {content && children}
      </CardContent>
      {!content && children}
    </Card>
  );
}
