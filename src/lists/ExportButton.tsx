import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useListContext, useTranslate } from 'react-admin';
import { useFileDownload } from '@/actions/useFileDownload';
import { BusyButton } from '@/components/BusyButton';

/**
 * 'Export': the whole list, with the filters, search and sort it shows now, as the CSV the server
 * streams (the `csv` file of the list's call, resources/<name>/index.ts), saved under the name
 * the server gives it (`orders-2026-11-24.csv`). Disabled while it downloads, with how much has
 * arrived; the server's reason when it fails.
 */
export function ExportButton({ meta }: { meta?: Record<string, unknown> }) {
  const { resource, filter, filterValues, sort } = useListContext();
  const translate = useTranslate();
  const csv = useFileDownload({
    fetch: (dataProvider, stream) =>
      dataProvider.exportList(resource, {
        // As the list asks for its pages: what the admin chose, then the list's own filter.
        filter: { ...filterValues, ...filter },
        sort,
        meta,
        ...stream,
      }),
    progressMessage: 'app.list.exporting_size',
    stoppedMessage: 'app.list.export_failed_because',
    failureMessage: 'app.list.export_failed',
    failureWithReason: 'app.list.export_failed_because',
  });
  return (
    <BusyButton
      type="button"
      variant="outlined"
      startIcon={<FileDownloadIcon />}
      busy={csv.busy}
      label={translate('app.list.export')}
      busyLabel={csv.progress ?? translate('app.list.exporting')}
      onClick={csv.start}
    />
  );
}
