/** Leaves the portal with a full page load (to the public site, say), so nothing of this session stays in memory. */
export function fullRedirect(address: string): void {
  window.location.assign(address);
}
