import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { HttpError, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { SessionEndedError, useWriteFeedback } from '@/actions/useWriteFeedback';
import { BusyButton } from '@/components/BusyButton';
import { formatSize, saveFile } from '@/components/saveFile';
import type { BaseDataProvider } from '@/providers/dataProvider';

/**
 * 'Export': the whole list, with the filters, search and sort it shows now, as the CSV the server
 * streams (the `csv` file of the list's call, resources/<name>/index.ts), saved under the name
 * the server gives it (`orders-2026-11-24.csv`). Disabled while it downloads, with how much has
 * arrived; the server's reason when it fails.
 */
export function ExportButton({ meta }: { meta?: Record<string, unknown> }) {
  const { resource, filter, filterValues, sort } = useListContext();
  const dataProvider = useDataProvider<BaseDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const feedback = useWriteFeedback();
  const [progress, setProgress] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  // Leaving the list stops a download under way.
  useEffect(() => () => running.current?.abort(), []);

  const csv = useMutation({
    mutationFn: async (controller: AbortController) => {
      const { data } = await dataProvider.exportList(resource, {
        // As the list asks for its pages: what the admin chose, then the list's own filter.
        filter: { ...filterValues, ...filter },
        sort,
        meta,
        onProgress: (bytes) =>
          setProgress(translate('app.list.exporting_size', { size: formatSize(bytes) })),
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
        notify('app.list.export_failed_because', {
          type: 'error',
          messageArgs: { reason: error.message },
        });
      } else {
        feedback.failed(error, {
          failureMessage: 'app.list.export_failed',
          failureWithReason: 'app.list.export_failed_because',
        });
      }
    },
    onSettled: (_data, _error, controller) => {
      if (running.current === controller) running.current = null;
      setProgress(null);
    },
  });

  return (
    <BusyButton
      type="button"
      variant="outlined"
      startIcon={<FileDownloadIcon />}
      busy={csv.isPending}
      label={translate('app.list.export')}
      busyLabel={progress ?? translate('app.list.exporting')}
      onClick={() => {
        const controller = new AbortController();
        running.current = controller;
        csv.mutate(controller);
      }}
    />
  );
}
