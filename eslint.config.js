import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import layout from './eslint-layout.js';

export default tseslint.config(
  { ignores: ['build/**', 'node_modules/**', '.local/**', 'test-results/**', 'playwright-report/**', 'patches/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks, layout },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Where server code lives and how folders import each other: eslint-layout.js.
      'layout/imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // Playwright fixtures call `use(...)`, which the React hooks rule mistakes for React's use().
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
