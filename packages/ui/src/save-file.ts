/**
 * Hands `file` to the browser as a download named `name`: for a file fetched with a header a plain link cannot send
 * (a link's key), or made on the page (a CSV). The address is freed once the click has handed the file over.
 */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file name a server gives (`attachment; filename="…"`), when it is a plain one, so both ways in save the same name. */
export function suggestedFileName(disposition: string | null): string | undefined {
  const name = disposition ? /filename="([^"]+)"/.exec(disposition)?.[1] : undefined;
  return name && /^[\w.-]+$/.test(name) ? name : undefined;
}
