import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'docs', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/actors/*', '**/actors'], message: 'Machines never import the API client.' },
          ],
        },
      ],
    },
  },
  {
    // Only machines are forbidden from importing actors; everything else may.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'server/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['src/machines/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
)
