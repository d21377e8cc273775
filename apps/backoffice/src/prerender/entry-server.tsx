import type { RouteObject } from 'react-router-dom';
import { backOfficeSessionPath } from '@repo/contracts';
import { pageTitle, RouteLoadingState } from '@repo/ui';
import { renderRoutes, type PrerenderedPage } from '@repo/ui/prerender/server';
import { AppProvider } from '../app/provider.tsx';
import { BackOfficeLayout } from '../app/router.tsx';
import { MyJobsPage } from '../features/technician-jobs/components/my-jobs-page.tsx';

export { htmlFileFor } from '@repo/ui/prerender';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The title of a page that sets none (the shell): most addresses a signed-out visitor opens end at sign-in. */
const defaultTitle = pageTitle('Back Office');

/**
 * The call every page's guard makes first (who is signed in), fetched along with the HTML: the guard's own request
 * for the same address takes the answer the browser already has. `use-credentials` matches the API client's
 * `credentials: 'include'`, without which the browser would not hand the answer over.
 */
const sessionPreload = `<link rel="preload" href="${backOfficeSessionPath}" as="fetch" crossorigin="use-credentials" />`;

function render(routeList: RouteObject[], path: string): PrerenderedPage {
  const { html, head } = renderRoutes(routeList, path, AppProvider);
  return { path, html, head: [`<title>${escapeHtml(head?.title ?? defaultTitle)}</title>`, sessionPreload].join('\n    ') };
}

/**
 * The back office's pages written to HTML at build time, which the browser renders over (none is hydrated): their
 * content depends on who is signed in, which only the browser can ask. The technician's /my-jobs, opened on a phone
 * in the field, is its heading, day picker and loading state; every other address gets the shell.
 */
export const prerenderedPages = { '/my-jobs': MyJobsPage } as const;

/** One page in its loading state, inside the back office's layout. */
export function renderPage(path: keyof typeof prerenderedPages): PrerenderedPage {
  return render([{ Component: BackOfficeLayout, children: [{ path, Component: prerenderedPages[path] }] }], path);
}

/** The header and a loading state, for addresses with no HTML of their own (dist/index.html, the gateway's fallback). */
export function renderShell(): PrerenderedPage {
  return render([{ Component: BackOfficeLayout, children: [{ path: '*', Component: RouteLoadingState }] }], '/');
}
