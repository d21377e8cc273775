import './styles/mantine-shell.css';
import './styles/site.css';
import { StrictMode } from 'react';
import { startApp } from '@repo/ui/prerender';
import { App } from './app/index.tsx';
import { routes } from './app/router.tsx';

// Hydrates the prerendered page, or renders afresh where the HTML is another page's (the fallback for an unknown path).
startApp(
  <StrictMode>
    <App />
  </StrictMode>,
  routes,
);
