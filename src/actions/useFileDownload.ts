import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { formatSize, saveFile } from '@/components/saveFile';
import type { BaseDataProvider, DownloadedFile } from '@/providers/dataProvider';
import { SessionEndedError, useWriteFeedback, type FailureOptions } from './useWriteFeedback';

export interface FileDownloadOptions extends FailureOptions {
  /** Asks the provider for the file, passing on the progress callback and the abort signal. */
  fetch: (
    dataProvider: BaseDataProvider,
    stream: { onProgress: (bytes: number) => void; signal: AbortSignal },
  ) => Promise<{ data: DownloadedFile }>;
  /** What the busy button says once bytes arrive (an i18n key with `%{size}`). */
  progressMessage: string;
  /** The connection broke part way (an i18n key with `%{reason}`). */
  stoppedMessage: string;
}

/**
 * A file the server streams (the job sheet, a list's CSV), saved under the name it gives: how
 * much has arrived while it comes, stopped when the screen goes, nothing saved after a 401
 * (react-admin has signed out and answers without a file), and the failure said once.
 */
export function useFileDownload({
  fetch,
  progressMessage,
  stoppedMessage,
  ...failure
}: FileDownloadOptions) {
  const dataProvider = useDataProvider<BaseDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const feedback = useWriteFeedback();
  /** How much has arrived, once the first bytes are in. */
  const [progress, setProgress] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  // Leaving the screen stops a download under way.
  useEffect(() => () => running.current?.abort(), []);

  const file = useMutation({
    mutationFn: async (controller: AbortController) => {
      const { data } = await fetch(dataProvider, {
        onProgress: (bytes) => setProgress(translate(progressMessage, { size: formatSize(bytes) })),
        signal: controller.signal,
      });
      if (await feedback.ended()) throw new SessionEndedError();
      return data;
    },
    onSuccess: (data) => saveFile(data.blob, data.fileName),
    onError: (error, controller) => {
      if (controller.signal.aborted) return;
      if (error instanceof HttpError && error.status === 0) {
        notify(stoppedMessage, { type: 'error', messageArgs: { reason: error.message } });
      } else {
        feedback.failed(error, failure);
      }
    },
    onSettled: (_data, _error, controller) => {
      if (running.current === controller) running.current = null;
      setProgress(null);
    },
  });

  const start = () => {
    const controller = new AbortController();
    running.current = controller;
    file.mutate(controller);
  };
  return { start, busy: file.isPending, progress };
}
