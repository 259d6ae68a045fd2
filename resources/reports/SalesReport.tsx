import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The sales tab of Reports (issue 38): being built. */
export function SalesReport() {
  const translate = useTranslate();
  return <Alert severity="info">{translate('app.reports.sales.soon')}</Alert>;
}
