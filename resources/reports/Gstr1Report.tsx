import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The gstr1 tab of Reports (issue 38): being built. */
export function Gstr1Report() {
  const translate = useTranslate();
  return <Alert severity="info">{translate('app.reports.gstr1.soon')}</Alert>;
}
