import DownloadIcon from '@mui/icons-material/Download';
import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { HttpError, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { SessionEndedError, useWriteFeedback } from '@/actions/useWriteFeedback';
import { BusyButton } from '@/components/BusyButton';
import { formatSize, saveFile } from '@/components/saveFile';
import type { AppDataProvider } from '../index';

/**
 * 'Download PDF': the whole job sheet of the service with the list's pin code and search,
 * streamed from order/job-sheet (the `jobSheet` file of the assigningJobs resource) and saved
 * as orders.pdf. A long sheet shows how much has arrived; the button stays disabled meanwhile.
 */
export function DownloadPdfButton({ serviceId }: { serviceId: string }) {
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const feedback = useWriteFeedback();
  /** How much has arrived, once the first bytes are in. */
  const [progress, setProgress] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  // Leaving the screen stops a download under way.
  useEffect(() => () => running.current?.abort(), []);

  const sheet = useMutation({
    mutationFn: async (controller: AbortController) => {
      const { data } = await dataProvider.download('assigningJobs', 'jobSheet', {
        values: { serviceId, pincode: filterValues.pincode, search: filterValues.q },
        onProgress: (bytes) =>
          setProgress(translate('app.assigningJobs.preparing_size', { size: formatSize(bytes) })),
        signal: controller.signal,
      });
      // A 401 has signed the admin out (react-admin answers without a file): nothing to save.
      if (await feedback.ended()) throw new SessionEndedError();
      return data;
    },
    onSuccess: (data) => saveFile(data.blob, data.fileName),
    onError: (error, controller) => {
      if (controller.signal.aborted) return;
      if (error instanceof HttpError && error.status === 0) {
        notify(translate('app.assigningJobs.download_stopped', { reason: error.message }), {
          type: 'error',
        });
      } else {
        feedback.failed(error, {
          failureMessage: 'app.assigningJobs.download_failed',
          wording: 'wording-and-reason',
        });
      }
    },
    onSettled: (_data, _error, controller) => {
      if (running.current === controller) running.current = null;
      setProgress(null);
    },
  });

  const download = () => {
    const controller = new AbortController();
    running.current = controller;
    sheet.mutate(controller);
  };

  return (
    <BusyButton
      type="button"
      variant="outlined"
      startIcon={<DownloadIcon />}
      busy={sheet.isPending}
      label={translate('app.assigningJobs.download_pdf')}
      busyLabel={progress ?? translate('app.assigningJobs.preparing')}
      onClick={download}
    />
  );
}
