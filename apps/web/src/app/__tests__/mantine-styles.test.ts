import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The booking and payment pages load only the Mantine styles they use (styles/mantine-data.css, beside the shell's
 * styles/mantine-shell.css) instead of every component's, as the stylesheet blocks their first paint. This follows
 * what those pages import (their route modules, the data layout, the kit's modules they name, and Mantine's own modules
 * down to each component's CSS module), as the bundler does, and checks that the two files hold exactly what is used.
 */
const appDir = path.resolve(import.meta.dirname, '../../..');
const uiDir = path.resolve(appDir, '../../packages/ui/src');
const require = createRequire(path.join(appDir, 'package.json'));
const packageDir = (name: string) => path.dirname(path.dirname(require.resolve(name)));
const mantineCoreDir = packageDir('@mantine/core');
const mantineNotificationsDir = packageDir('@mantine/notifications');

const entries = ['src/app/data-layout.tsx', 'src/app/routes/book-appointment.tsx', 'src/app/routes/payment.tsx', 'src/app/routes/payment-success.tsx'];

/**
 * `import … from`, `export … from` and `import()` of a module, with the names bound (`*` for a whole namespace; an
 * `import()` whose `.then` destructures its module binds those names).
 */
function importsOf(source: string): { specifier: string; names: string[] }[] {
  const found: { specifier: string; names: string[] }[] = [];
  for (const match of source.matchAll(/(?:import|export)\s+(type\s+)?([\w*$\s{},]+?)\s+from\s+['"]([^'"]+)['"]/g)) {
    if (match[1]) continue;
    const names = [...match[2]!.matchAll(/(?:^|[{,])\s*(?:type\s+)?([\w$]+|\*)/g)].map((name) => name[1]!);
    found.push({ specifier: match[3]!, names });
  }
  for (const match of source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)(?:\.then\(\s*\(\s*\{([^}]*)\})?/g)) {
    const names = match[2] ? match[2].split(',').map((name) => name.split(':')[0]!.trim()) : ['*'];
    found.push({ specifier: match[1]!, names });
  }
  return found;
}

/** The files a package's index re-exports `names` from (the whole index for `*`). */
function reExportFiles(indexFile: string, names: string[]): string[] {
  const source = readFileSync(indexFile, 'utf8');
  if (names.includes('*')) return importsOf(source).map(({ specifier }) => path.resolve(path.dirname(indexFile), specifier));
  return importsOf(source)
    .filter(({ names: exported }) => exported.some((name) => names.includes(name)))
    .map(({ specifier }) => path.resolve(path.dirname(indexFile), specifier));
}

/** The Mantine CSS modules (by stylesheet name) that the entries' imports reach, and whether toasts' styles are needed. */
function usedMantineStyles(): { core: Set<string>; notifications: boolean } {
  const core = new Set<string>();
  let notifications = false;
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const cssModule = /([\w-]+)\.module\.css\.mjs$/.exec(file);
    if (cssModule && file.startsWith(mantineCoreDir)) core.add(cssModule[1]!);
    if (cssModule && file.startsWith(mantineNotificationsDir)) notifications = true;
    if (!/\.(m?js|tsx?)$/.test(file)) return;
    for (const { specifier, names } of importsOf(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const target = path.resolve(path.dirname(file), specifier);
        if (existsSync(target)) visit(target);
      } else if (specifier === '@repo/ui') {
        reExportFiles(path.join(uiDir, 'index.ts'), names).forEach(visit);
      } else if (specifier === '@mantine/core') {
        reExportFiles(path.join(mantineCoreDir, 'esm/index.mjs'), names).forEach(visit);
      } else if (specifier === '@mantine/notifications') {
        reExportFiles(path.join(mantineNotificationsDir, 'esm/index.mjs'), names).forEach(visit);
      }
    }
  };
  entries.forEach((entry) => visit(path.join(appDir, entry)));
  return { core, notifications };
}

const importedStyles = (file: string) => [...readFileSync(path.join(appDir, 'src/styles', file), 'utf8').matchAll(/@import '([^']+)'/g)].map((match) => match[1]!);
const componentStyles = (imports: string[], suffix: string) =>
  imports.flatMap((specifier) => new RegExp(`^@mantine/core/styles/(\\w+)${suffix.replace('.', '\\.')}$`).exec(specifier)?.[1] ?? []);

describe('Mantine styles of the booking and payment pages', () => {
  it('holds the styles of every Mantine component those pages use, and no others', () => {
    const used = usedMantineStyles();
    const shell = new Set(componentStyles(importedStyles('mantine-shell.css'), '.css'));
    const dataImports = importedStyles('mantine-data.css');
    const data = componentStyles(dataImports, '.layer.css');
    // A sanity check that the walk reaches the pages' components at all.
    expect(used.core).toContain('Input');
    expect([...used.core].filter((name) => !shell.has(name) && !data.includes(name))).toEqual([]);
    expect(data.filter((name) => !used.core.has(name) || shell.has(name))).toEqual([]);
    expect(dataImports.includes('@mantine/notifications/styles.layer.css')).toBe(used.notifications);
  });
});
