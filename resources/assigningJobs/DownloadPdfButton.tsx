import DownloadIcon from '@mui/icons-material/Download';
import { useListContext, useTranslate } from 'react-admin';
import { useFileDownload } from '@/actions/useFileDownload';
import { BusyButton } from '@/components/BusyButton';
import { withDateRange } from '@/lists/filters/dateRange';
import { JOB_FILTERS } from './JobFilters';

/** The filters the job sheet takes: the job list's, without its search or anything else. */
function jobSheetFilter(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([key]) => (JOB_FILTERS as readonly string[]).includes(key)),
  );
}

/**
 * 'Download PDF': the whole job sheet of the service with the list's filters and search,
 * streamed from order/job-sheet (the `jobSheet` file of the assigningJobs resource) and saved
 * as orders.pdf. A long sheet shows how much has arrived; the button stays disabled meanwhile.
 */
export function DownloadPdfButton({ serviceId }: { serviceId: string }) {
  const { filterValues } = useListContext();
  const translate = useTranslate();
  const sheet = useFileDownload({
    fetch: (dataProvider, stream) =>
      dataProvider.download('assigningJobs', 'jobSheet', {
        // The list's filters (a named period as its days) and search.
        values: {
          ...withDateRange(jobSheetFilter(filterValues)),
          serviceId,
          search: filterValues.q,
        },
        ...stream,
      }),
    progressMessage: 'app.assigningJobs.preparing_size',
    stoppedMessage: 'app.assigningJobs.download_stopped',
    failureMessage: 'app.assigningJobs.download_failed',
    wording: 'wording-and-reason',
  });
  return (
    <BusyButton
      type="button"
      variant="outlined"
      startIcon={<DownloadIcon />}
      busy={sheet.busy}
      label={translate('app.assigningJobs.download_pdf')}
      busyLabel={sheet.progress ?? translate('app.assigningJobs.preparing')}
      onClick={sheet.start}
    />
  );
}
