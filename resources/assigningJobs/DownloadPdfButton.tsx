import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import {
  useDataProvider,
  useListContext,
  useLogoutIfAccessDenied,
  useNotify,
  useTranslate,
} from 'react-admin';
import { BusyButton } from '../../src/components/BusyButton';
import { failureText } from '../orders/useOrderStatusUpdate';
import { savePdf } from './savePdf';

/**
 * 'Download PDF': the same call as the list, with its pin code, search and sort, and
 * `wantPdf=true`; the job sheet (`result.pdf`, the list's meta) is saved as orders.pdf.
 */
export function DownloadPdfButton({ serviceId }: { serviceId: string }) {
  const { filterValues, sort, page, perPage } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const { meta } = await dataProvider.getList('assigningJobs', {
        pagination: { page, perPage },
        sort,
        filter: { ...filterValues, serviceId, wantPdf: true },
      });
      const pdf = (meta as { pdf?: unknown } | undefined)?.pdf;
      if (typeof pdf !== 'string' || !pdf) {
        notify('app.assigningJobs.empty_pdf', { type: 'error' });
        return;
      }
      savePdf(pdf, 'orders.pdf');
    } catch (error) {
      if (!(await logoutIfAccessDenied(error))) {
        notify(failureText(translate('app.assigningJobs.download_failed'), error), {
          type: 'error',
        });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <BusyButton
      type="button"
      variant="outlined"
      startIcon={<DownloadIcon />}
      busy={busy}
      label={translate('app.assigningJobs.download_pdf')}
      busyLabel={translate('app.assigningJobs.downloading')}
      onClick={download}
    />
  );
}
