// Lint: TypeScript-aware rules plus React hooks rules for the SPA.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', '.data', '.test-data', 'tests/e2e/screenshots', '.bench'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='ScanCommand']", message: 'No Scan: every access pattern is a key condition (docs/data-model.md).' },
      ],
      // zod's namespace pulls all of zod (443 KB) into a Lambda bundle: use `z` from shared/schemas/common.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: 'Import z from @shared/schemas/common (see shared/schemas/zod.ts).', allowTypeImports: true }] },
      ],
      // shared/ is reached by its alias from outside it (tsconfig.json `paths`; tools/codemod-shared-alias.ts
      // rewrites): a file moves without counting dots, and the reader sees the code both sides run.
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+shared(/|$)', message: 'Import shared/ as @shared/… (tsconfig.json paths).' }] }],
    },
  },
  {
    files: ['shared/schemas/zod.ts', 'shared/schemas/common.ts', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
