import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The local gateway, which routes /api and /ws to the services. */
const gateway = 'http://127.0.0.1:8080';

/** Libraries every page runs: React, the router, Mantine's theme system (not its components) and Vite's lazy-import helper. */
const framework =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|clsx|@mantine[\\/]hooks|@mantine[\\/]core[\\/]esm[\\/]core)[\\/]|vite[\\/]preload-helper/;
/** The app shell every page runs: layout, config, shared helpers and the kit's theme, head, tooltip and start-up. */
const shell =
  /(apps[\\/]web[\\/]src[\\/](app[\\/]router|app[\\/]index|app[\\/]provider|components|config|lib|prerender)|packages[\\/]ui[\\/]src[\\/]((theme|theme-css|theme-provider|responsive-css|page-head|document-title|tooltip|landmarks|app-origins|brand-mark|early-input|copyright-year|use-hydrated)\.|prerender[\\/])|packages[\\/]contracts[\\/]src[\\/]constants\.)/;

/** zod and the contracts' schemas: kept apart, so a page that needs none of them never loads them with other code. */
const schemas = /(node_modules[\\/]zod[\\/]|packages[\\/]contracts[\\/]src[\\/])/;

/**
 * Without groups, code shared by the entry and the lazy pages lands in many small chunks, each one more request on a
 * page's first load. These two groups hold what every page's first load needs; page code stays split by route.
 * The route modules (src/app/routes) are not in the shell: the router only imports them lazily, so each page's code
 * stays in its own chunk. main.tsx stays in the entry chunk and nothing the shell uses may be left there: the shell runs
 * before the entry chunk it is imported by, so such an import would not be there yet (scripts/prerender.mjs checks).
 */
const browserChunks = {
  output: {
    codeSplitting: {
      groups: [
        { name: 'framework', test: framework, priority: 2 },
        { name: 'shell', test: shell, priority: 1, includeDependenciesRecursively: false },
        { name: 'schemas', test: schemas, entriesAware: true },
      ],
    },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: {
    // The manifest tells the prerender step which chunks each page's route needs, to preload them.
    manifest: true,
    // The prerender build runs once in Node, where chunking does not matter.
    rolldownOptions: isSsrBuild ? {} : browserChunks,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: gateway },
      '/ws': { target: gateway, ws: true },
    },
  },
}));
