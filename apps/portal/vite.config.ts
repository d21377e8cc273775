import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The local gateway, which routes /api and /ws to the services. */
const gateway = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5174,
    proxy: {
      '/api': { target: gateway },
      '/ws': { target: gateway, ws: true },
    },
  },
});
