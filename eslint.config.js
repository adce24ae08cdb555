// Lint rules for every workspace: typescript-eslint's recommended set plus React hooks in the web app,
// and no focused test (`it.only`, `describe.only`, ...) anywhere a test can be written.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'screenshots/**',
      'reports/**',
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // vitest.config.ts also sets allowOnly: false under CI; this catches a stray `.only` before CI does.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', '**/test/**/*.{ts,tsx}', 'test-support/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='only']",
          message: 'A focused test (.only) skips every other test: remove it before committing.',
        },
        {
          selector: "MemberExpression[computed=true][property.value='only']",
          message: 'A focused test (.only) skips every other test: remove it before committing.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
