// Bundles a service (run from its folder) into dist/server.mjs: our workspace code and pure-JS dependencies are
// inlined; packages that load native or WebAssembly files beside themselves stay external and are installed with the
// service (see its package.json).
import { build } from 'esbuild';

// pdfkit reads its standard fonts' metrics (data/*.afm) from beside its own file; sharp loads libvips' native binding.
const external = ['@electric-sql/pglite', 'argon2', 'pg-native', 'bufferutil', 'utf-8-validate', 'pdfkit', 'sharp'];

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // CommonJS dependencies call require() for Node built-ins; give the ESM bundle a real one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
