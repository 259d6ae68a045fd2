import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The credit_notes tab of Reports (issue 38): being built. */
export function CreditNotesReport() {
  const translate = useTranslate();
  return <Alert severity="info">{translate('app.reports.credit_notes.soon')}</Alert>;
}
