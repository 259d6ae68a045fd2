import { Card, CardContent, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { RecordMissing } from '@/components/RecordMissing';

/** The frame of a content screen: title, a link to the public page, loading and load errors. */
export function ContentCard({
  title,
  publicPath,
  isPending,
  error,
  children,
}: {
  title: string;
  publicPath: string;
  isPending: boolean;
  error?: Error | null;
  children: ReactNode;
}) {
  const translate = useTranslate();
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (error) return <RecordMissing message={error.message} />;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Link href={publicPath} target="_blank" rel="noopener" variant="body2">
          {translate('app.content.view_page')}
        </Link>
      </CardContent>
      {children}
    </Card>
  );
}
