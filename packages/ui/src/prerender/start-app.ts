import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { RouteObject } from 'react-router-dom';
import { captureEarlyInput } from '../early-input.ts';
import { loadMatchedRoutes } from './load-matched-routes.ts';
import { isPrerenderedFor } from './paths.ts';

/**
 * Starts a prerendered app in #root. A prerendered page is hydrated once its route's code has loaded; as a transition,
 * so the work is split into short tasks and the page stays responsive. Addresses the server answers with other HTML
 * (the single-page fallback for an unknown path, say) are rendered afresh, their route's code loaded first too.
 * Either way, what is already in the page's text fields is taken first (`captureEarlyInput`).
 */
export function startApp(app: ReactNode, routes: RouteObject[]): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  loadMatchedRoutes(routes, window.location.pathname)
    .catch(() => undefined)
    .then(() => {
      // What autofill or the visitor put in the page's fields so far, for its forms to start from.
      captureEarlyInput(root);
      if (!isPrerenderedFor(root.dataset.prerenderedPath, window.location.pathname)) {
        createRoot(root).render(app);
        return;
      }
      startTransition(() => {
        hydrateRoot(root, app);
      });
    });
}
