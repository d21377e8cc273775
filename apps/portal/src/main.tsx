import '@repo/ui/styles.css';
import { StrictMode } from 'react';
import { startApp } from '@repo/ui/prerender';
import { App } from './app/index.tsx';
import { routes } from './app/router.tsx';

/**
 * Hydrates the prerendered page. Addresses the server answers with the shell (an appointment, an unknown path) are
 * rendered afresh, their route's code loaded first so the shell's header never gives way to a loading state.
 */
startApp(
  <StrictMode>
    <App />
  </StrictMode>,
  routes,
);
