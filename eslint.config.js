import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import globals from 'globals'

/**
 * Who may import what (docs/architecture.md, "The layers"): the browser's code and the server
 * meet only in src/domain and contract/. The browser takes the API's types from the contract's
 * schemas with `import type`, so zod stays out of its bundle, and its URLs from contract/paths.ts.
 */
const boundary = {
  actors: {
    group: ['**/actors/*', '**/actors', '**/common/*', '**/features/**', '**/frame/*', '**/routes/**'],
    message: 'Machines never import the API client, nor the hooks and screens that call it.',
  },
  views: {
    group: ['**/actors/*', '**/actors', '**/features/**', '**/routes/**'],
    message: 'Views take props and send events: they import no API client, feature or screen.',
  },
  server: {
    regex: String.raw`^(\.\./)+server/`,
    message: 'Only the server imports server/: the API is in contract/.',
  },
  contractValues: {
    regex: String.raw`^(\.\./)+contract/(?!paths\.ts$)`,
    allowTypeImports: true,
    message: 'The browser imports only types from the contract, and its URLs from contract/paths.ts.',
  },
  browser: {
    regex: String.raw`^(\.\./)+src/(?!domain/)`,
    message: 'Of the browser’s code, only src/domain is shared.',
  },
}
/**
 * Zones that a lazy `import()` cannot slip past either, which `no-restricted-imports` does not
 * read: a dialog loaded when opened is imported that way.
 */
const zones = {
  features: {
    target: './src/features',
    from: './src/routes',
    message: 'A feature is what screens read: it imports no screen, not even lazily.',
  },
}
const refuseZones = (...list) => ({ 'import-x/no-restricted-paths': ['error', { zones: list }] })

/**
 * A screen's address is written once, in src/domain/paths.ts (docs/architecture.md, "The browser's
 * folders"): a string or a template that begins with one, anywhere else in the browser's code, is
 * an address that a renamed screen would leave behind. Tests write addresses as a person types them.
 */
const SCREEN_ADDRESS = String.raw`^\x2F(login|registration|forgot-password|reset-password|cancel-email-change|dashboard|settings|properties|integration|calendar|turnovers|guests|users|logs)([\x2F?#]|$)`
const screenAddressMessage = 'A screen’s address comes from PATHS in src/domain/paths.ts.'
const refuseScreenAddresses = {
  'no-restricted-syntax': [
    'error',
    { selector: `Literal[value=/${SCREEN_ADDRESS}/]`, message: screenAddressMessage },
    {
      selector: `TemplateLiteral > TemplateElement:first-child[value.raw=/${SCREEN_ADDRESS}/]`,
      message: screenAddressMessage,
    },
  ],
}
const refuseImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'data', 'node_modules', 'docs', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A cycle, even of types alone, means two modules are one: each is read only with the other.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  { files: ['src/**/*.{ts,tsx}'], rules: refuseImports(boundary.server, boundary.contractValues) },
  { files: ['src/**/*.{ts,tsx}'], ignores: ['src/domain/paths.ts'], rules: refuseScreenAddresses },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: refuseImports(boundary.views, boundary.server, boundary.contractValues),
  },
  { files: ['src/features/**/*.{ts,tsx}'], rules: refuseZones(zones.features) },
  {
    files: ['src/machines/**/*.ts'],
    rules: refuseImports(boundary.actors, boundary.server, boundary.contractValues),
  },
  { files: ['server/**/*.ts'], rules: refuseImports(boundary.browser) },
  { files: ['contract/**/*.ts'], rules: refuseImports(boundary.server, boundary.browser) },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
)
