// The import rules of `pnpm lint` (`pnpm import-rules`), type-only imports included (TypeScript erases them, so eslint's
// import-x/no-cycle skips them, but a cycle of types still ties two modules' designs together).
// scripts/dependency-rules.test.ts plants a breach of each rule.

/** A workspace package's folder (its package.json names what others may import: its `exports`). */
const workspacePackage = '^((?:apps|packages|services)/[^/]+|infra/gateway)/';
const throughExports =
  "Import another workspace package by its name and one of the subpaths its package.json `exports` (`@repo/<name>/<subpath>`); when what you need is not offered, add a subpath named for what it offers.";

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Move the shared type or function down a layer so that the two modules no longer import each other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-path-out-of-package',
      severity: 'error',
      comment: `A relative path leaves its workspace package. ${throughExports}`,
      from: { path: workspacePackage },
      to: { dependencyTypes: ['local'], pathNot: '^$1/' },
    },
    {
      name: 'no-path-into-package',
      severity: 'error',
      comment: `A relative path reaches into a workspace package's files. ${throughExports}`,
      from: { pathNot: workspacePackage },
      to: { dependencyTypes: ['local'], path: workspacePackage },
    },
    {
      name: 'no-unresolvable-import',
      severity: 'error',
      // Deep imports of a workspace package (`@repo/<name>/src/…`) end here: its exports map does not offer them.
      comment: `The module does not exist or its package does not export it. ${throughExports}`,
      from: {},
      to: { couldNotResolve: true, path: '^(\\.|@repo/)' },
    },
    {
      name: 'infra-not-to-scripts',
      severity: 'error',
      comment:
        'infra/ sits below the repository scripts (scripts/ runs the gateway and the tests run on infra/node24.mjs): move what both need into infra/ or a package, never import scripts/, tests/ or bench/ from infra/.',
      from: { path: '^infra/' },
      to: { path: '^(scripts|tests|bench)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.tmp|coverage)/' },
    // Types count: an import erased at compile time is still a dependency of the design.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'], extensions: ['.ts', '.tsx', '.mjs', '.js'] },
  },
};
