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
      // Schemas are written with zod/mini's functions (docs/decisions/0404-zod-mini.md), and zod's
      // namespace pulls all of it into a Lambda bundle: `z` comes from shared/schemas/common.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: 'The schemas use zod/mini: import z from @shared/schemas/common (see shared/schemas/zod.ts).' },
            { name: 'zod/mini', message: 'Import z from @shared/schemas/common (see shared/schemas/zod.ts).', allowTypeImports: true },
          ],
        },
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
  {
    // One helper decides what a screen says for a failed call (web/src/lib/http.ts: serverMessage,
    // loadMessage, refusalMessage): which statuses carry words for the user, the fallback, the
    // network's words. A screen that reads an error's message itself shows a 5xx's text or a 401's.
    // The storefront (its own bundle) gets its texts from its one fetch helper, web/src/vitrine/api.ts.
    files: [
      'web/src/app/**/*.{ts,tsx}',
      'web/src/features/**/*.{ts,tsx}',
      'web/src/lib/ui/**/*.tsx',
      'web/src/lib/aliment/**/*.tsx',
      'web/src/lib/oeufs/**/*.tsx',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "BinaryExpression[operator='instanceof'][right.name='ApiError']",
          "MemberExpression[property.name='message'][object.type='TSAsExpression']",
          "MemberExpression[property.name='message'][object.type='Identifier'][object.name=/^(err|error|e|ex|exc)$/]",
          "MemberExpression[property.name='message'][object.property.name='error']",
          // The fallback is a text of shared/messages/, like every other.
          "CallExpression[callee.name='serverMessage'][arguments.1.type=/^(Literal|TemplateLiteral)$/]",
        ].map((selector) => ({ selector, message: "A screen's error text comes from serverMessage / loadMessage / refusalMessage (web/src/lib/http.ts)." })),
      ],
    },
  },
);
