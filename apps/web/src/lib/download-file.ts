// Hands a file made in the browser to the browser's downloads, named `fileName` (an <a download> on an
// object URL: no server round trip, and it works offline).
export function downloadFile(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the download has taken the blob by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
