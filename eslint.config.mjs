import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/**
 * Next's rules (React, hooks, accessibility, Next's own) with typescript-eslint, plus the import
 * order the codebase keeps. Run first in `npm test` (lib/scripts/test-all.sh); a violation fails it.
 */
export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ['**/*.{js,jsx,mjs,ts,tsx,mts,cts}'],
    rules: {
      'import/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index'], 'type'],
          pathGroups: [{ pattern: '@/**', group: 'internal' }],
          'newlines-between': 'never',
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // Test helpers named use* (useTestDatabase, Playwright's fixture `use`) are not React hooks.
    files: ['**/*.test.ts', 'e2e/**', 'lib/testing/**', 'lib/bench/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // eslint-plugin-react-hooks 7 adds rules written for the React Compiler, which this app does
    // not use: they flag patterns that are correct without it (react-hook-form's watch(), a ref
    // read to skip a duplicate effect, Date.now() for "is this past"). The classic two stay on.
    rules: {
      'react-hooks/incompatible-library': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      'react-hooks/purity': 'off',
    },
  },
  {
    // One logger with levels and a request id (lib/logging/logger.ts, STYLE.md habit 16): no
    // console in product code. The browser's few logs (SPEC.md section 8) say why, line by line.
    files: ['lib/**', 'app/**', 'components/**', 'middleware.ts', 'instrumentation.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // Command-line tools whose output is for the person at the terminal (tables, progress,
    // usage), and tests and their helpers.
    files: ['lib/bench/**', 'lib/scripts/**', 'lib/db/seed/cli.ts', 'lib/testing/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests read untyped JSON and fuzz inputs.
    files: ['**/*.test.ts', '**/*.test.tsx', 'lib/testing/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  globalIgnores([
    '.next*/**',
    'out/**',
    'build/**',
    'next-env.d.ts',
    'e2e/.artifacts/**',
    '.bench/**',
    '.data*/**',
    '.test-reports/**',
  ]),
]);
