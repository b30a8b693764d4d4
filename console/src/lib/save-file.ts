// Hands a file made in the browser (a CSV, a PDF read by POST) to the browser's download, as a link to the file
// would: an object URL clicked through a link with `download`, released once the click has taken it.
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Released a while later: the download reads the URL after the click returns, and keeping it would hold the file
  // in memory until the tab closes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
