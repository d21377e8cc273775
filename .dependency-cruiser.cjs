// Import cycles, type-only imports included (TypeScript erases them, so eslint's import-x/no-cycle skips them, but a
// cycle of types still ties two modules' designs together). Run by `pnpm lint` (`pnpm cycles`); scripts/cycles.test.ts plants one.
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Move the shared type or function down a layer so that the two modules no longer import each other.',
      from: {},
      to: { circular: true },
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
