import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'

// Dependency arrows of DESIGN.md: sdk imports none of the others; web and cli never import server.
const forbid = (...packages) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: packages.map((name) => ({
        group: [`@portal/${name}`, `@portal/${name}/*`, `**/packages/${name}/**`, `../../${name}/*`],
        message: `This package must not import @portal/${name} (see DESIGN.md: dependency arrows).`,
      })),
    },
  ],
})

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
  // Config files of tools require default exports.
  { files: ['*.config.{js,ts}', 'packages/*/*.config.{js,ts}'], rules: { 'no-restricted-syntax': 'off' } },
)
