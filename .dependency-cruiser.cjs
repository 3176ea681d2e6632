/** Module boundaries of ARCHITECTURE.md, checked in `npm test`. */
module.exports = {
  forbidden: [
    {
      name: 'module-through-index-only',
      comment: 'A module imports another module only through its public index.ts.',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/([^/]+)/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outsiders-through-index-only',
      comment: 'The CLI, jobs and composition root use a module only through its index.ts.',
      severity: 'error',
      from: { path: '^src/(cli|jobs|main\\.ts|modules\\.ts)' },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'platform-knows-no-module',
      comment: 'The platform is beneath every module and must not depend on one.',
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { path: '^src/(modules|cli|jobs|web|admin)/' },
    },
    {
      name: 'no-circular-modules',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { circular: true, path: '^src/modules/', pathNot: '^src/modules/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The front ends (TSX, which the swc parser here cannot read) are held to HTTP-only by oxlint's
    // no-restricted-imports in .oxlintrc.json.
    exclude: { path: '(^|/)(dist|node_modules)/|^src/(web|admin)/' },
    tsPreCompilationDeps: true,
    parser: 'swc',
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
