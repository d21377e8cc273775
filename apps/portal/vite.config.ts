import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The local gateway, which routes /api and /ws to the services. */
const gateway = 'http://127.0.0.1:8080';

/**
 * Without a group, code shared by two pages lands in many small chunks (an input, a helper), each one more request on a
 * page's first load, and each answer carries about 1 kB of headers. Code that two or more pages or lazily loaded parts
 * share goes in one chunk instead; what only one of them uses stays with it.
 */
const browserChunks = {
  output: { codeSplitting: { groups: [{ name: 'shared', minShareCount: 2 }] } },
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
    port: 5174,
    proxy: {
      '/api': { target: gateway },
      '/ws': { target: gateway, ws: true },
    },
  },
}));
