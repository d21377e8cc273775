import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import type { themeCss } from '@repo/ui/theme-css';

/** The local gateway, which routes /api and /ws to the services. */
const gateway = 'http://127.0.0.1:8080';

let theme: Promise<string> | undefined;

/** ThemeProvider's stylesheet, read through Vite (the kit is TypeScript, which this config's own loader leaves to Node). */
function themeStylesheet(): Promise<string> {
  theme ??= runnerImport<{ themeCss: typeof themeCss }>('@repo/ui/theme-css', { configFile: false, root: import.meta.dirname, logLevel: 'error' }).then(
    ({ module }) => module.themeCss(),
  );
  return theme;
}

/**
 * The theme's style (ThemeProvider's) written at the end of index.html's <head>, where the prerendered apps have it:
 * React adopts it by its href. Left to React, it would go first in <head>, before <meta charset> (which must come within
 * the first 1024 bytes) and before Mantine's stylesheet; here the styles are also there before any JavaScript runs.
 */
const themeStyle: Plugin = {
  name: 'theme-style',
  transformIndexHtml: {
    order: 'post',
    handler: async () => [
      { tag: 'style', attrs: { 'data-precedence': 'theme', 'data-href': 'mantine-theme' }, children: await themeStylesheet(), injectTo: 'head' },
    ],
  },
};

export default defineConfig({
  plugins: [react(), themeStyle],
  server: {
    port: 5175,
    proxy: {
      '/api': { target: gateway },
      '/ws': { target: gateway, ws: true },
    },
  },
});
