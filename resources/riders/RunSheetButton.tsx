import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import { useFileDownload } from '@/actions/useFileDownload';
import { BusyButton } from '@/components/BusyButton';

/**
 * 'Download run sheet': the rider's run of the day and round as a PDF, streamed from
 * rider/run-sheet (the `runSheet` file of the riders resource), saved under the server's name.
 */
export function RunSheetButton({
  riderId,
  date,
  shift,
  disabled,
}: {
  riderId: string;
  date: string;
  shift: string;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const sheet = useFileDownload({
    fetch: (dataProvider, stream) =>
      dataProvider.download('riders', 'runSheet', { values: { riderId, date, shift }, ...stream }),
    progressMessage: 'app.riders.run.preparing_size',
    stoppedMessage: 'app.riders.run.download_stopped',
    failureMessage: 'app.riders.run.download_failed',
    wording: 'wording-and-reason',
  });
  return (
    <BusyButton
      type="button"
      variant="outlined"
      startIcon={<DownloadIcon />}
      busy={sheet.busy}
      disabled={sheet.busy || disabled}
      label={translate('app.riders.run.download')}
      busyLabel={sheet.progress ?? translate('app.riders.run.preparing')}
      onClick={sheet.start}
    />
  );
}
