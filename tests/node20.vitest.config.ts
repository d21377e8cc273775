import { defineConfig } from 'vitest/config';

// What must keep working on the machine's own Node (the README's first command), run after the build.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['node20/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
