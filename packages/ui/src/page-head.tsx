import { createContext, useContext, useEffect, type ReactNode } from 'react';

/** What a page tells search engines and link previews. Addresses are absolute. */
export type PageHead = {
  /** The full document title. */
  title: string;
  description?: string;
  keywords?: string;
  canonicalUrl?: string;
  imageUrl?: string;
  /** JSON-LD objects, each written as its own script element. */
  structuredData?: readonly object[];
};

/** Collects the head of the page being rendered to HTML at build time. */
export type HeadCollector = { head: PageHead | undefined; set: (head: Partial<PageHead>) => void };

export function createHeadCollector(): HeadCollector {
  const collector: HeadCollector = {
    head: undefined,
    set: (head) => {
      collector.head = { title: '', ...collector.head, ...head };
    },
  };
  return collector;
}

const HeadCollectorContext = createContext<HeadCollector | null>(null);

/** Given while prerendering: pages write their head into the collector instead of the live document. */
export function HeadCollectorProvider({ collector, children }: { collector: HeadCollector; children: ReactNode }) {
  return <HeadCollectorContext.Provider value={collector}>{children}</HeadCollectorContext.Provider>;
}

const marker = 'data-page-head';

function setMeta(attribute: 'name' | 'property', key: string, content: string | undefined) {
  const selector = `meta[${attribute}="${key}"]`;
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (content === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function setCanonical(href: string | undefined) {
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (href === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('link');
    element.rel = 'canonical';
    document.head.append(element);
  }
  element.href = href;
}

/** JSON for a script element: `<` is escaped so no text can close the element early. */
export function structuredDataJson(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** Writes `head` into the live document, replacing what the prerendered page or the previous page set. */
export function applyPageHead(head: PageHead): void {
  document.title = head.title;
  setMeta('name', 'description', head.description);
  setMeta('name', 'keywords', head.keywords);
  setCanonical(head.canonicalUrl);
  setMeta('property', 'og:title', head.title);
  setMeta('property', 'og:description', head.description);
  setMeta('property', 'og:url', head.canonicalUrl);
  setMeta('property', 'og:image', head.imageUrl);
  setMeta('name', 'twitter:card', head.imageUrl ? 'summary_large_image' : undefined);
  setMeta('name', 'twitter:image', head.imageUrl);
  for (const script of document.head.querySelectorAll(`script[${marker}]`)) script.remove();
  for (const data of head.structuredData ?? []) {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.setAttribute(marker, '');
    script.textContent = structuredDataJson(data);
    document.head.append(script);
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The same tags as `applyPageHead`, as HTML for a prerendered page's head. */
export function renderPageHead(head: PageHead): string {
  const tags: string[] = [`<title>${escapeHtml(head.title)}</title>`];
  const meta = (attribute: string, key: string, content: string | undefined) => {
    if (content !== undefined) tags.push(`<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`);
  };
  meta('name', 'description', head.description);
  meta('name', 'keywords', head.keywords);
  if (head.canonicalUrl) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`);
  meta('property', 'og:title', head.title);
  meta('property', 'og:description', head.description);
  meta('property', 'og:url', head.canonicalUrl);
  meta('property', 'og:image', head.imageUrl);
  meta('name', 'twitter:card', head.imageUrl ? 'summary_large_image' : undefined);
  meta('name', 'twitter:image', head.imageUrl);
  for (const data of head.structuredData ?? []) {
    tags.push(`<script type="application/ld+json" ${marker}>${structuredDataJson(data)}</script>`);
  }
  return tags.join('\n    ');
}

/**
 * Sets the page's head while it is shown. While prerendering it is written into the collector during render (effects
 * do not run there); in the browser it is applied after render.
 */
export function usePageHead(head: PageHead): void {
  const collector = useContext(HeadCollectorContext);
  if (collector) collector.set(head);
  const key = JSON.stringify(head);
  useEffect(() => {
    applyPageHead(JSON.parse(key) as PageHead);
  }, [key]);
}

/** The collector while prerendering, null in the browser. */
export function useHeadCollector(): HeadCollector | null {
  return useContext(HeadCollectorContext);
}
