import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/.cache/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      // Handlers implement promise-returning interfaces; an async body without await is fine.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests read JSON answers (typed any) to assert on them; the assertions are the check.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['packages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@listina/server', '@listina/web', '**/apps/**'],
              message:
                'packages/* are shared by server and browser: they never import from apps/*.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@listina/server', '**/server/**'],
              message: 'The web app talks to the server over HTTP through packages/contract only.',
            },
            {
              group: ['../../features/*', '../features/*', '**/features/*/**'],
              message: 'A feature never imports another feature; move shared parts to ui/ or app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.{ts,mts}'],
    ignores: ['apps/server/src/lib/pdfjs.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs'].map(
            (name) => ({
              name,
              message:
                'Import pdf.js from apps/server/src/lib/pdfjs.ts: it puts back the built-ins the legacy build replaces.',
            }),
          ),
          patterns: [
            {
              group: ['../*/*.repository', '../*/*.routes'],
              message: 'A server module reaches another only through its service.',
            },
          ],
        },
      ],
    },
  },
  {
    // The database layer is the bottom of the server: migrations and the scope helpers call
    // down into lib/ only. A function a migration needs lives in lib/ or db/, never above.
    files: ['apps/server/src/db/**/*.{ts,mts}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**'],
              message:
                'db/ imports nothing from modules/: move what it needs down into lib/ or db/ (the demo seed lives in modules/demo, above the domain modules).',
            },
          ],
        },
      ],
    },
  },
  {
    // The demo seed writes the demo's rows in bulk through the table engine's insertRows, as
    // the import does; it is a user of every domain module, not one of them.
    files: ['apps/server/src/modules/demo/**/*.{ts,mts}'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
