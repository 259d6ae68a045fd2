/** Saves a base64 PDF (the job sheet) as a download named `fileName`. */
export function savePdf(base64: string, fileName: string) {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has started the download once click() returns; free the blob after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
