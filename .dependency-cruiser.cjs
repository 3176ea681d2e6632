/** Module boundaries of ARCHITECTURE.md, checked in `npm test`. */

/**
 * Code the front ends import as code (.oxlintrc.json): pure, importing nothing. A module's `*.messages.ts` (and the
 * platform's amount.messages.ts) holds the sentences (and the limits they name) its zod schemas answer with, which
 * the front ends' checks show too.
 */
const SHARED_CODE = '^src/(platform/roles|platform/amount\\.messages|modules/sellers/reputation\\.rules|modules/[^/]+/[^/]+\\.messages)\\.ts$';
/** The web app's page list, which the server's page fallback imports (404 for other paths): pure, importing nothing. */
const WEB_ROUTES = '^src/web/routes\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'module-through-index-only',
      comment:
        'A module imports another module only through its public index.ts; a DTO file may compose another ' +
        "module's DTO (answers that embed or extend another module's answer, e.g. a seller's figures).",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/', pathNot: '\\.dto\\.ts$' },
      to: { path: '^src/modules/([^/]+)/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'dto-composes-dto-only',
      comment: "A DTO file reaches into another module only for that module's DTO files.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/[^/]+\\.dto\\.ts$' },
      to: { path: '^src/modules/([^/]+)/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$', '^src/modules/[^/]+/[^/]+\\.dto\\.ts$'] },
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
      comment: "The platform is beneath every module and must not depend on one; it reads the web app's page list only.",
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { path: '^src/(modules|cli|jobs|web|admin)/', pathNot: WEB_ROUTES },
    },
    {
      name: 'no-circular-modules',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { circular: true, path: '^src/modules/', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'dto-declares-answers-only',
      comment:
        "A module's *.dto.ts declares the API's answers, which both front ends import with `import type`: it depends on " +
        "nothing but DTO files and the shared code, so it type-checks under tsconfig.web.json.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/[^/]+\\.dto\\.ts$' },
      to: { pathNot: ['^src/modules/[^/]+/[^/]+\\.dto\\.ts$', SHARED_CODE] },
    },
    {
      name: 'inputs-are-schema-types-only',
      comment:
        "A module's *.inputs.ts names its request bodies for the front ends (`import type`): z.input types of its own " +
        "zod schemas (platform/http/body-input.ts), so it imports those only, with `import type` (.oxlintrc.json).",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/[^/]+\\.inputs\\.ts$' },
      to: { pathNot: ['^src/modules/$1/[^/]+\\.schemas\\.ts$', '^src/platform/http/body-input\\.ts$', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'front-end-shared-code-is-pure',
      comment:
        'The front ends import platform/roles, platform/amount.messages, sellers/reputation.rules and the modules\' ' +
        '*.messages.ts as code (.oxlintrc.json), so these import nothing.',
      severity: 'error',
      from: { path: SHARED_CODE },
      to: { path: '.' },
    },
    {
      name: 'web-routes-are-pure',
      comment: "The server imports the web app's page list (src/web/routes.ts) without React: it imports nothing.",
      severity: 'error',
      from: { path: WEB_ROUTES },
      to: { path: '.' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The front ends (TSX, which the swc parser here cannot read) are held to HTTP-only by oxlint's
    // no-restricted-imports in .oxlintrc.json: types from *.dto.ts and *.inputs.ts, code from platform/roles,
    // platform/amount.messages, sellers/reputation.rules and *.messages.ts.
    exclude: { path: '(^|/)(dist|node_modules)/|^src/admin/|^src/web/(?!routes\\.ts$)' },
    tsPreCompilationDeps: true,
    parser: 'swc',
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
