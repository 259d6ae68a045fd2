import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import { useFileDownload } from '@/actions/useFileDownload';
import { BusyButton } from '@/components/BusyButton';

/**
 * A statement PDF streamed from the server and saved under its name: one customer's month
 * (`userId`) or every postpaid customer's (none), with how much has arrived while it comes.
 */
export function StatementDownload({
  month,
  userId,
  label,
  variant = 'outlined',
}: {
  month: string;
  userId?: string;
  label: string;
  variant?: 'outlined' | 'contained' | 'text';
}) {
  const translate = useTranslate();
  const file = useFileDownload({
    fetch: (dataProvider, stream) =>
      dataProvider.download('statements', userId ? 'one' : 'all', {
        values: userId ? { userId, month } : { month },
        ...stream,
      }),
    progressMessage: 'app.statements.preparing_size',
    stoppedMessage: 'app.statements.download_stopped',
    failureMessage: 'app.statements.download_failed',
    wording: 'wording-and-reason',
  });
  return (
    <BusyButton
      type="button"
      variant={variant}
      size={variant === 'text' ? 'small' : 'medium'}
      startIcon={<DownloadIcon />}
      busy={file.busy}
      disabled={file.busy}
      label={label}
      busyLabel={file.progress ?? translate('app.statements.preparing')}
      onClick={file.start}
    />
  );
}
