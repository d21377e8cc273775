import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const repoRoot = import.meta.dirname;
const apps = ['web', 'portal', 'backoffice'];
/** Code every feature may use; it never imports a feature or the app layer. */
const sharedFolders = ['components', 'config', 'hooks', 'lib', 'types', 'utils'];

/**
 * Imports flow shared → features → app (bulletproof-react): `src/app` (router, providers, route modules) composes
 * the features, a feature never imports another feature or the app, and shared code imports neither. The feature list
 * is read from disk, so a new feature is covered as soon as its folder exists.
 */
function importDirectionZones(app) {
  const src = `apps/${app}/src`;
  const features = readdirSync(path.join(repoRoot, src, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const shared = sharedFolders.map((folder) => `${src}/${folder}`);
  return [
    ...features.map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [`./${feature}`],
      message: 'A feature never imports another feature: move what both need to shared code (components, lib, config) or compose them in src/app.',
    })),
    {
      target: [`${src}/features`, ...shared],
      from: `${src}/app`,
      message: 'Only src/app imports from src/app: imports flow shared → features → app.',
    },
    {
      target: shared,
      from: `${src}/features`,
      message: 'Shared code never imports a feature: imports flow shared → features → app.',
    },
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'data/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Migrations run against every past shape of the schema, so they use an untyped Kysely.
    files: ['services/*/src/db/migrations/**', 'packages/service-kit/src/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Augmenting Fastify's types needs declaration merging, which only interfaces do.
    files: ['packages/service-kit/src/auth.ts', 'packages/service-kit/src/metrics.ts', 'tests/support/global-setup.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: apps.map((app) => `apps/${app}/src/**/*.{ts,tsx}`),
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: apps.map((app) => path.join(repoRoot, `apps/${app}/tsconfig.json`)),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: repoRoot, zones: apps.flatMap(importDirectionZones) }],
    },
  },
  {
    // Mantine writes SimpleGrid, Grid and each responsive style prop (`py={{ base: 'lg', sm: 40 }}`) as a <style>
    // element inside <body>, which HTML allows only as its parent's first child (tests/checks/rendered-html.test.ts).
    // The portal, the back office and the kit use the kit's Columns, SpanGrid and responsiveSpacing (responsive.tsx).
    files: ['apps/portal/src/**/*.tsx', 'apps/backoffice/src/**/*.tsx', 'packages/ui/src/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/core',
              importNames: ['SimpleGrid', 'Grid'],
              message: 'Mantine writes a <style> element into the body for it: use Columns or SpanGrid from @repo/ui.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'JSXAttribute[name.name=/^([mp][trblxyse]?|fz|fw|lh|ta|w|h|miw|maw|mih|mah|display|pos|top|left|bottom|right|inset|flex)$/] > JSXExpressionContainer > ObjectExpression',
          message: "Mantine writes a responsive style prop as a <style> element into the body: use responsiveSpacing from @repo/ui.",
        },
      ],
    },
  },
);
