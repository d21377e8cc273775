// zod (under the contracts' schemas) probes whether it may compile parsers with `new Function` when a schema is
// built, that is when the contracts load. The gateway's Content-Security-Policy forbids eval, and Chrome reports the
// blocked probe as a CSP violation even though zod catches it. zod reads its configuration from this global when it
// loads, so it has to be set before any module runs: index.html loads this file as a classic script, which runs before
// the app's module scripts (an import at the top of main.tsx would not: the bundle evaluates zod's chunk before the
// entry's own code). With `jitless`, zod parses without compiling (what it falls back to under this CSP anyway).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
