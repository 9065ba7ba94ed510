// Handing a downloaded file to the browser, on its own: the screens that export a file (reservations,
// reconciliation, polls) should not load the polls' service and contract to do it (issue 29).

/** Hands a downloaded file to the browser: an object URL clicked as a download, released a little later. */
export function saveBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
