import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // The SDK's types are generated (npm run sdk:generate).
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', 'clients/*/dist/', 'clients/typescript/src/openapi.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  // The kernel, the database layer, services and repositories know no transport: nothing from src/http/
  // (docs/architecture.md, Layers).
  {
    files: ['src/core/**/*.ts', 'src/db/**/*.ts', 'src/modules/**/*.service.ts', 'src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)http/',
              message: 'src/http/ is the HTTP layer: import the kernel (src/core/) instead, or move what is needed there.',
            },
          ],
        },
      ],
    },
  },
  // The console: the rules of hooks, and browser globals.
  { files: ['console/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },
  { files: ['src/cli.ts', 'src/server.ts', 'test/**', 'bench/**', 'clients/*/scripts/**'], rules: { 'no-console': 'off' } },
);
