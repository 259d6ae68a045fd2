/** Saves a downloaded file (the job sheet) under `fileName`, as the browser's download. */
export function savePdf(file: Blob, fileName: string) {
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
