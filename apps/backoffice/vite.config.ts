import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The local gateway, which routes /api and /ws to the services. */
const gateway = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  // The manifest tells the prerender step which chunks a page's route needs, to preload them.
  build: { manifest: true },
  server: {
    port: 5175,
    proxy: {
      '/api': { target: gateway },
      '/ws': { target: gateway, ws: true },
    },
  },
});
