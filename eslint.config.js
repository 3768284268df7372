import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'
import { builtinModules } from 'node:module'

// Dependency arrows of DESIGN.md: sdk imports none of the others; web and cli never import server.
const packagePatterns = (...packages) =>
  packages.map((name) => ({
    group: [`@portal/${name}`, `@portal/${name}/*`, `**/packages/${name}/**`, `../../${name}/*`],
    message: `This package must not import @portal/${name} (see DESIGN.md: dependency arrows).`,
  }))

// One rule entry per file: a later config's no-restricted-imports replaces an earlier one, so zones repeat the arrows.
const restrict = ({ patterns = [], paths = [] }) => ({ 'no-restricted-imports': ['error', { patterns, paths }] })
const forbid = (...packages) => restrict({ patterns: packagePatterns(...packages) })

// Zones inside packages.
// The SDK runs in browsers too: no Node built-ins (exact names, since a pattern `domain` would also hit ../domain).
const nodeBuiltins = {
  patterns: [{ group: ['node:*'], message: 'The SDK runs in browsers: storage, clocks and sockets come in as parameters (DESIGN.md).' }],
  paths: builtinModules.map((name) => ({ name, message: 'The SDK runs in browsers: no Node built-ins (DESIGN.md).' })),
}
// Ink and React are the terminal app's view; only cli/src/ui talks to them (STYLE.md: ui/index.ts is the door).
const inkOutsideUi = {
  patterns: [{ group: ['ink', 'ink/*', 'ink-*', 'react', 'react/*'], message: 'Only packages/cli/src/ui imports Ink and React; call the ui facade.' }],
}
// The extraction engine stays a library: nothing of the database, services, documents, jobs, commands or models.
const extractionLibrary = {
  patterns: [
    {
      group: ['db', 'services', 'documents', 'jobs', 'commands', 'models'].flatMap((dir) =>
        [1, 2, 3].flatMap((depth) => [`${'../'.repeat(depth)}${dir}`, `${'../'.repeat(depth)}${dir}/**`]),
      ),
      message: 'server/src/extraction is a pure library: pass what it needs in (STYLE.md: an engine as a library).',
    },
  ],
}

// One module owns the documents table (server/src/models/documents; its candidates and pages have theirs in
// models/ too): a query builder started on one of them anywhere else (knex('documents'), trx('documents'),
// this.knex('documents'), app.get('knex')('documents'), .from/.into/.table/.join('documents')) is an error.
// Migrations, seeds and tests are exempt.
const documentsTableOwner =
  'The documents tables belong to server/src/models (documents/, document-candidates.ts, document-pages.ts): call their functions (loadDocument, updateDocument, …) instead.'
const documentsTable = '/^(documents|document_candidates|document_pages)$/'
const documentsTableSyntax = [
  "CallExpression[callee.type='Identifier'][callee.name=/^(knex|trx|db|tx)$/]",
  "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(knex|trx|db)$/]",
  "CallExpression[callee.type='CallExpression'][callee.arguments.0.value='knex']",
  "CallExpression[callee.property.name=/^(from|into|table|join|innerJoin|leftJoin|rightJoin|fullOuterJoin)$/]",
].map((call) => ({ selector: `${call}[arguments.0.value=${documentsTable}]`, message: documentsTableOwner }))

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.tsbuild/**', 'data/**', '.test-data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  { files: ['packages/sdk/**'], rules: forbid('server', 'web', 'cli') },
  { files: ['packages/web/**'], languageOptions: { globals: { ...globals.browser } }, rules: forbid('server', 'cli') },
  { files: ['packages/cli/**'], rules: forbid('server', 'web') },
  { files: ['packages/server/**'], rules: forbid('web', 'cli') },
  {
    files: ['packages/sdk/src/**'],
    ignores: ['**/*.test.ts'],
    rules: restrict({ patterns: [...packagePatterns('server', 'web', 'cli'), ...nodeBuiltins.patterns], paths: nodeBuiltins.paths }),
  },
  {
    files: ['packages/cli/**'],
    ignores: ['packages/cli/src/ui/**'],
    rules: restrict({ patterns: [...packagePatterns('server', 'web'), ...inkOutsideUi.patterns] }),
  },
  {
    files: ['packages/server/src/extraction/**'],
    rules: restrict({ patterns: [...packagePatterns('web', 'cli'), ...extractionLibrary.patterns] }),
  },
  {
    files: ['packages/server/src/**'],
    ignores: ['packages/server/src/models/**', 'packages/server/src/db/migrations/**', 'packages/server/src/db/seed*', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }, ...documentsTableSyntax],
    },
  },
  // Config files of tools require default exports.
  { files: ['*.config.{js,ts}', 'packages/*/*.config.{js,ts}'], rules: { 'no-restricted-syntax': 'off' } },
)
