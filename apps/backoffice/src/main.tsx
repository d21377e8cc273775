import '@repo/ui/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/index.tsx';
import { createBackOfficeQueryClient } from './app/provider.tsx';
import { createBackOfficeRouter, type BackOfficeRouter } from './app/router.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Resolves once the router has run the first address's guard and loaded its page's code (or redirected). */
function firstNavigation(router: BackOfficeRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The page the server sent (the prerendered header and the page's loading state, or the shell's) stays on screen
 * while the router asks who is signed in and loads the address's code; React then renders the page over it in one
 * go, instead of swapping it for a bare loading state first.
 */
const queryClient = createBackOfficeQueryClient();
const router = createBackOfficeRouter(queryClient);
void firstNavigation(router).then(() => {
  // As a transition, so the render is split into short tasks and the page stays responsive.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
});
