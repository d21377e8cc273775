import '@repo/ui/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/index.tsx';
import { loadMatchedRoutes, routes } from './app/router.tsx';
import { isPrerenderedFor } from './prerender/paths.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * A prerendered page is hydrated once its route's code has loaded; as a transition, so the work is split into short
 * tasks and the page stays responsive. Addresses the server answers with the shell (an appointment, an unknown path)
 * are rendered afresh, their route's code loaded first so the shell's header never gives way to a loading state.
 */
loadMatchedRoutes(routes, window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    if (!isPrerenderedFor(root.dataset.prerenderedPath, window.location.pathname)) {
      createRoot(root).render(app);
      return;
    }
    startTransition(() => {
      hydrateRoot(root, app);
    });
  });
