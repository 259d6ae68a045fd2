import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { RecordMissing } from './RecordMissing';

/** The frame of a single settings form: title, heading, loading and load errors. */
export function SettingsCard({
  title,
  isPending,
  error,
  children,
}: {
  title: string;
  isPending: boolean;
  error?: Error | null;
  children: ReactNode;
}) {
  const translate = useTranslate();
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (error) return <RecordMissing message={error.message} />;
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={title} />
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
      </CardContent>
      {children}
    </Card>
  );
}
