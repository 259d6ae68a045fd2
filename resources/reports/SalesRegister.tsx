import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The register tab of Reports (issue 38): being built. */
export function SalesRegister() {
  const translate = useTranslate();
  return <Alert severity="info">{translate('app.reports.register.soon')}</Alert>;
}
