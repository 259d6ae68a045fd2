/** Saves a downloaded file (the job sheet, a list's CSV) under `fileName`, as the browser's download. */
export function saveFile(file: Blob, fileName: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has started the download once click() returns; free the blob after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** '350 KB', '1.2 MB': how much of a download has arrived. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
