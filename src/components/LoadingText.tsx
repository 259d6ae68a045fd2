import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** 'Loading...' in a screen's place while what it needs (a record, a permission) is asked. */
export function LoadingText() {
  const translate = useTranslate();
  return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
}
