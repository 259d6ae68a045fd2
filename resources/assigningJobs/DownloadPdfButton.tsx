import DownloadIcon from '@mui/icons-material/Download';
import { useEffect, useRef, useState } from 'react';
import {
  HttpError,
  useDataProvider,
  useListContext,
  useNotify,
  useTranslate,
  type DataProvider,
} from 'react-admin';
import { BusyButton } from '../../src/components/BusyButton';
import type { FileDownloads } from '../../src/providers/dataProvider';
import { failureText } from '../orders/useOrderStatusUpdate';
import { savePdf } from './savePdf';

/** '350 KB', '1.2 MB': how much of the sheet has arrived. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * 'Download PDF': the whole job sheet of the service with the list's pin code and search,
 * streamed from order/job-sheet (the `jobSheet` file of the assigningJobs resource) and saved
 * as orders.pdf. A long sheet shows how much has arrived; the button stays disabled meanwhile.
 */
export function DownloadPdfButton({ serviceId }: { serviceId: string }) {
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<DataProvider & FileDownloads>();
  const notify = useNotify();
  const translate = useTranslate();
  /** The busy label, or null when idle. */
  const [progress, setProgress] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  // Leaving the screen stops a download under way.
  useEffect(() => () => running.current?.abort(), []);

  const download = async () => {
    const controller = new AbortController();
    running.current = controller;
    setProgress(translate('app.assigningJobs.preparing'));
    try {
      const { data } = await dataProvider.download('assigningJobs', 'jobSheet', {
        values: { serviceId, pincode: filterValues.pincode, search: filterValues.q },
        onProgress: (bytes) =>
          setProgress(translate('app.assigningJobs.preparing_size', { size: formatSize(bytes) })),
        signal: controller.signal,
      });
      // A 401 has signed the admin out (react-admin answers without a file): nothing to save.
      if (data?.blob instanceof Blob) savePdf(data.blob, data.fileName);
    } catch (error) {
      if (!controller.signal.aborted) notify(downloadFailure(translate, error), { type: 'error' });
    } finally {
      if (running.current === controller) running.current = null;
      setProgress(null);
    }
  };

  return (
    <BusyButton
      type="button"
      variant="outlined"
      startIcon={<DownloadIcon />}
      busy={progress !== null}
      label={translate('app.assigningJobs.download_pdf')}
      busyLabel={progress ?? ''}
      onClick={download}
    />
  );
}

/** The server's reason when it refused; for a lost connection, what to do about it. */
function downloadFailure(translate: (key: string, options?: object) => string, error: unknown) {
  if (error instanceof HttpError && error.status === 0) {
    return translate('app.assigningJobs.download_stopped', { reason: error.message });
  }
  return failureText(translate('app.assigningJobs.download_failed'), error);
}
