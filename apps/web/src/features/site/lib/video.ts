/** Where a click on the progress bar lands, as a fraction of its width between 0 and 1. */
export function seekFraction(clientX: number, bar: Pick<DOMRect, 'left' | 'width'>): number {
  if (bar.width <= 0) return 0;
  return Math.min(1, Math.max(0, (clientX - bar.left) / bar.width));
}
