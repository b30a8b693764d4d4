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
  // The console: the rules of hooks, and browser globals.
  { files: ['console/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },
  { files: ['src/cli.ts', 'src/server.ts', 'test/**', 'bench/**', 'clients/*/scripts/**'], rules: { 'no-console': 'off' } },
);
