import { useEffect } from 'react';
import { business } from '@repo/contracts';
import { useHeadCollector } from './page-head.tsx';

/** "<title> | <business name>", the form every page title takes. */
export function pageTitle(title: string): string {
  return `${title} | ${business.name}`;
}

/** Sets the document title (and the meta description when given) while the calling page is shown. */
export function useDocumentTitle(title: string, description?: string): void {
  // While prerendering, the title and description go into the page's HTML.
  useHeadCollector()?.set({ title: pageTitle(title), ...(description === undefined ? {} : { description }) });
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  useEffect(() => {
    if (description === undefined) return;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);
}

export type PageTitleProps = { title: string; description?: string };

/** `useDocumentTitle` as an element, for pages that would rather declare it in their markup. */
export function PageTitle({ title, description }: PageTitleProps): null {
  useDocumentTitle(title, description);
  return null;
}
