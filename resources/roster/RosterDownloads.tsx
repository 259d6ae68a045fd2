import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import { useFileDownload } from '@/actions/useFileDownload';
import { BusyButton } from '@/components/BusyButton';

type Format = 'csv' | 'pdf';

/**
 * One of the day's files, streamed from roster/export-roster (the roster resource's `csv` or
 * `pdf` file) and saved under the server's name, with how much has arrived while it comes.
 */
function RosterFileButton({
  format,
  date,
  serviceId,
  disabled,
}: {
  format: Format;
  date: string;
  serviceId: string;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const file = useFileDownload({
    fetch: (dataProvider, stream) =>
      dataProvider.download('roster', format, {
        values: { date, ...(serviceId && { serviceId }), format },
        ...stream,
      }),
    progressMessage: 'app.roster.preparing_size',
    stoppedMessage: 'app.roster.download_stopped',
    failureMessage: 'app.roster.download_failed',
    wording: 'wording-and-reason',
  });
  return (
    <BusyButton
      type="button"
      variant="outlined"
      startIcon={<DownloadIcon />}
      busy={file.busy}
      disabled={file.busy || disabled}
      label={translate(`app.roster.download_${format}`)}
      busyLabel={file.progress ?? translate('app.roster.preparing')}
      onClick={file.start}
    />
  );
}

/** 'Download PDF' and 'Download CSV' of the day (and service) shown. */
export function RosterDownloads(props: { date: string; serviceId: string; disabled?: boolean }) {
  return (
    <>
      <RosterFileButton format="pdf" {...props} />
      <RosterFileButton format="csv" {...props} />
    </>
  );
}
