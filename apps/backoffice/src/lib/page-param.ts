/** The address's query with `page` set to `next` (left out for the first page, which is the default). */
export function withPage(current: URLSearchParams, next: number): URLSearchParams {
  const updated = new URLSearchParams(current);
  if (next > 1) updated.set('page', String(next));
  else updated.delete('page');
  return updated;
}
