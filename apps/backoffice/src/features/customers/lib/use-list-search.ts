import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Typing pauses this long before the list is asked again: one request per word, not per letter. */
export const searchDebounceMs = 300;
export const customersPageSize = 20;

const pageFrom = (text: string | null): number => {
  const page = Number(text);
  return Number.isInteger(page) && page > 1 ? page : 1;
};

/**
 * A list's search and page, kept in the address (?q=&page=) so a reload, a shared link or Back shows the same list.
 * The box answers at once; the address (and so the request) follows once typing pauses, back on page 1.
 */
export function useListSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = pageFrom(params.get('page'));
  const [text, setText] = useState(q);

  // The address changed without typing (Back, a link): the box shows its search. Typing ahead of it is left alone.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (text.trim() !== q) setText(q);
  }

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === q) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (wanted) next.set('q', wanted);
          else next.delete('q');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text, q, setParams]);

  const setPage = (nextPage: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (nextPage > 1) next.set('page', String(nextPage));
      else next.delete('page');
      return next;
    });

  return { text, setText, q, page, setPage, query: { q: q || undefined, page, pageSize: customersPageSize } };
}
