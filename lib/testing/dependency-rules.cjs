/**
 * The layer table of lib/docs/architecture.md, checked by dependency-cruiser in `npm test`:
 * `npx depcruise --config lib/testing/dependency-rules.cjs app components lib middleware.ts`.
 * Each rule names the layer it protects; a broken rule fails the run with its comment.
 */
const TESTS = '\\.(test|spec)\\.tsx?$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import cycles make load order matter and layers meaningless.',
      severity: 'error',
      from: { pathNot: TESTS },
      // A lazily loaded chunk that imports back what loads it is not a load-order cycle.
      to: {
        circular: true,
        dependencyTypesNot: ['dynamic-import'],
        viaOnly: { dependencyTypesNot: ['dynamic-import'] },
      },
    },
    {
      name: 'contracts-are-client-safe',
      comment:
        'lib/contracts is shared with the browser: zod, libphonenumber-js, the language list and other contracts only.',
      severity: 'error',
      from: { path: '^lib/contracts/', pathNot: TESTS },
      to: {
        path: '^(lib/(?!contracts/|i18n/languages\\.ts$)|app/|components/|node_modules/(?!(zod|libphonenumber-js)/))',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'backend-stays-behind-v4',
      comment: 'lib/backend answers /v4 only: it never reaches into the BFF, pages, components or the browser client.',
      severity: 'error',
      from: { path: '^lib/backend/', pathNot: TESTS },
      to: { path: '^(lib/(bff|api-client)/|app/|components/)' },
    },
    {
      name: 'bff-reaches-v4-through-the-client',
      comment:
        'The BFF talks to /v4 through lib/bff/v4-client.ts (in-process or HTTP), never to services, repositories or the database.',
      severity: 'error',
      from: { path: '^(lib/bff/|app/api/)', pathNot: `^lib/bff/v4-client\\.ts$|${TESTS}` },
      // connection-errors.ts only classifies a thrown error (database away: 503, not 500).
      to: { path: '^lib/(backend|db)/', pathNot: '^lib/db/connection-errors\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'v4-client-enters-at-the-dispatcher',
      comment: 'The in-process /v4 client enters the backend only where HTTP would: the dispatcher.',
      severity: 'error',
      from: { path: '^lib/bff/v4-client\\.ts$' },
      to: { path: '^lib/(backend|db)/', pathNot: '^lib/backend/api/dispatch\\.ts$' },
    },
    {
      name: 'pages-do-not-touch-the-database',
      comment: 'Pages and components read data through lib/bff (server) or lib/api-client (browser).',
      severity: 'error',
      // One exception: /dev/mailbox, a local developer tool that reads the embedded outbox. It exists
      // only for DEV_MAILBOX=1 on a loopback server and loopback clients (lib/custom-server/edge.ts); giving
      // it a /v4 route would publish an API that must never exist in production.
      from: {
        path: '^(app/\\[locale\\]/|components/|middleware\\.ts$)',
        pathNot: `^app/\\[locale\\]/dev/mailbox/|${TESTS}`,
      },
      to: { path: '^lib/(backend|db)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'components-take-their-data-as-props',
      comment:
        'components/ only renders: what reads the session, the BFF or the database lives beside its page (app/[locale]/_lib, app/[locale]/_components) or in lib/bff, and hands the component its data. Contract types (lib/contracts) are fine.',
      severity: 'error',
      from: { path: '^components/', pathNot: TESTS },
      to: { path: '^(lib/(bff|backend|db)/|node_modules/(server-only|next/headers)[./])' },
    },
    {
      name: 'v4-routes-enter-at-the-dispatcher',
      comment: 'Route files under app/v4 are thin: they hand the request to the /v4 dispatcher.',
      severity: 'error',
      from: { path: '^app/v4/' },
      to: { path: '^lib/(db|backend/(?!api/))' },
    },
    {
      name: 'browser-code-imports-no-server-modules',
      comment: 'lib/api-client runs in the browser: contracts, display helpers and i18n only.',
      severity: 'error',
      from: { path: '^lib/api-client/' },
      to: { path: '^lib/(backend|bff|db|config|http|custom-server|logging)/' },
    },
    {
      name: 'only-repositories-touch-the-database',
      comment:
        'STYLE.md habit 2: Drizzle, the schema and raw SQL live in repositories, the shared SQL parts of lib/backend/sql (and the storage adapter, which is a store). Services open transactions through lib/db/transaction.ts only.',
      severity: 'error',
      from: {
        path: '^lib/backend/',
        pathNot: `(-repository\\.ts$|^lib/backend/sql/|^lib/backend/adapters/storage/|${TESTS})`,
      },
      to: {
        path: '^(node_modules/drizzle-orm/|lib/db/(?!transaction\\.ts$|connection-errors\\.ts$))',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'repositories-sit-below-services',
      comment:
        'A repository returns rows; the services, indexes and handlers above it import its types, not the other way round.',
      severity: 'error',
      from: { path: '(-repository\\.ts$|^lib/backend/sql/)', pathNot: TESTS },
      // Only other repositories, the shared SQL parts (lib/backend/sql) and the error type.
      to: { path: '^lib/backend/', pathNot: '(-repository\\.ts$|^lib/backend/sql/|^lib/backend/errors\\.ts$)' },
    },
    {
      name: 'services-use-other-resources-through-their-services',
      comment:
        "A backend module other than a repository uses another resource through that resource's services, never its repository: the owner's rules (its checks, locks and errors) stay in one place, and its rows can change without reaching into other folders. Types of any repository are fine; repositories share SQL with each other (repositories-sit-below-services).",
      severity: 'error',
      // $1 is the folder of the importing module: its own repositories are its to use.
      from: { path: '^lib/backend/([^/]+)/', pathNot: `-repository\\.ts$|${TESTS}` },
      to: {
        path: '^lib/backend/[^/]+/[^/]+-repository\\.ts$',
        pathNot: '^lib/backend/$1/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'database-layer-knows-no-backend',
      comment: 'lib/db (schema, migrations, seed) sits under the backend and never imports it.',
      severity: 'error',
      from: { path: '^lib/db/', pathNot: TESTS },
      to: { path: '^lib/(backend|bff|api-client)/|^app/|^components/' },
    },
  ],
  required: [
    {
      name: 'server-modules-are-marked-server-only',
      severity: 'error',
      comment:
        "STYLE.md habit 4: modules that hold secrets, the session or the database start with import 'server-only', so a browser bundle that reaches them fails the build.",
      module: {
        path: '^lib/(backend|bff|http)/.+\\.tsx?$|^lib/db/(client|transaction)\\.ts$|^lib/config/(server-env|data-dir|internal-key)\\.ts$|^lib/logging/logger\\.ts$',
        pathNot: `${TESTS}|\\.d\\.ts$`,
      },
      to: { path: '^node_modules/server-only/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(\\.next|e2e/\\.artifacts)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    combinedDependencies: false,
  },
};
