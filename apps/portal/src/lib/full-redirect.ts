/** Leaves the portal with a full page load (to the public site, say), so nothing of this session stays in memory. */
export function fullRedirect(address: string): void {
  window.location.assign(address);
}

/** Loads the page again from the server: Try Again after a failed load. */
export function reloadPage(): void {
  window.location.reload();
}
