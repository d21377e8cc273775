import { type RouteObject } from 'react-router-dom';
import { currentSessionPath } from '@repo/contracts';
import { pageTitle, RouteLoadingState } from '@repo/ui';
import { loadMatchedRoutes } from '@repo/ui/prerender';
import { renderRoutes, type PrerenderedPage } from '@repo/ui/prerender/server';
import { AppProvider } from '../app/provider.tsx';
import { PortalLayout, routes } from '../app/router.tsx';
import { prerenderedPaths } from './paths.ts';

export { htmlFileFor } from '@repo/ui/prerender';
export { shellFile } from './paths.ts';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The title of a page that sets none (the shell). */
const defaultTitle = pageTitle('Customer Portal');

/**
 * Calls a page makes as soon as its code runs, fetched along with the HTML instead: the page's own request for the same
 * address takes the answer the browser already has. The signed-in pages ask who is signed in (`useSignedInCustomer`):
 * its answer no longer waits for the page's code to load. (Their lists are not preloaded: they wait for that answer,
 * as a visitor who is not signed in is asked to log in rather than answered 401.) `use-credentials` matches the API
 * client's `credentials: 'include'`, without which the browser would not hand the answer over.
 */
const signedInPages = ['/customer-portal', '/invoices', '/appliances'];
const preloadedCalls: Record<string, readonly string[]> = Object.fromEntries(signedInPages.map((path) => [path, [currentSessionPath]]));

const preloadTag = (path: string) => `<link rel="preload" href="${escapeHtml(path)}" as="fetch" crossorigin="use-credentials" />`;

/**
 * Renders `routeList` at `path` with the same providers the browser uses, and the title its page asked for. The
 * portal is behind a sign-in, so no tags for search engines or link previews: the description every page shares is in
 * index.html.
 */
function render(routeList: RouteObject[], path: string): PrerenderedPage {
  const { html, head } = renderRoutes(routeList, path, AppProvider);
  const title = `<title>${escapeHtml(head?.title ?? defaultTitle)}</title>`;
  return { path, html, head: [title, ...(preloadedCalls[path] ?? []).map(preloadTag)].join('\n    ') };
}

/** One page, as the browser hydrates it. */
export async function renderPage(path: string): Promise<PrerenderedPage> {
  await loadMatchedRoutes(routes, path);
  return render(routes, path);
}

/** The header and a loading state, for addresses with no HTML of their own; the browser renders their page afresh. */
export function renderShell(): PrerenderedPage {
  return render([{ Component: PortalLayout, children: [{ path: '*', Component: RouteLoadingState }] }], '/');
}

/** Every prerendered page, and the shell. */
export async function renderSite(): Promise<{ pages: PrerenderedPage[]; shell: PrerenderedPage }> {
  const pages: PrerenderedPage[] = [];
  for (const path of prerenderedPaths) pages.push(await renderPage(path));
  return { pages, shell: renderShell() };
}
