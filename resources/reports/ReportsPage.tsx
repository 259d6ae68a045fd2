import { Box, Tab, Tabs, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { CreditNotesReport } from './CreditNotesReport';
import { EmergenciesReport } from './EmergenciesReport';
import { Gstr1Report } from './Gstr1Report';
import { SalesRegister } from './SalesRegister';
import { SalesReport } from './SalesReport';

/** The tabs of /admin-panel/reports, in order; `?tab=` names the open one (sales by default). */
export const REPORT_TABS = ['sales', 'gstr1', 'register', 'credit-notes', 'emergencies'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

const TAB_LABELS: Record<ReportTab, string> = {
  sales: 'app.reports.tabs.sales',
  gstr1: 'app.reports.tabs.gstr1',
  register: 'app.reports.tabs.register',
  'credit-notes': 'app.reports.tabs.credit_notes',
  emergencies: 'app.reports.tabs.emergencies',
};

const isTab = (value: string | null): value is ReportTab =>
  (REPORT_TABS as readonly string[]).includes(value ?? '');

/** /admin-panel/reports?tab=sales|gstr1|register|credit-notes|emergencies. */
export function ReportsPage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: ReportTab = isTab(wanted) ? wanted : 'sales';
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('app.reports.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate('app.reports.title')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, next: ReportTab) => setParams({ tab: next }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {REPORT_TABS.map((t) => (
          <Tab key={t} value={t} label={translate(TAB_LABELS[t])} />
        ))}
      </Tabs>
      {tab === 'sales' && <SalesReport />}
      {tab === 'gstr1' && <Gstr1Report />}
      {tab === 'register' && <SalesRegister />}
      {tab === 'credit-notes' && <CreditNotesReport />}
      {tab === 'emergencies' && <EmergenciesReport />}
    </Box>
  );
}
