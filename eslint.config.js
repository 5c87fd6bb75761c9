import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { areaBoundaries, featureBoundaries } from './eslint-rules/boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/dist-server/**',
      'data/**',
      '.test-out/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Command-line entry points talk to the person at the terminal.
    files: ['apps/server/src/server.ts', 'scripts/**', 'apps/web/prerender-pages.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // The winners module owns its table (issue 12); the demo seeder fills every table at once.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/modules/winners/**',
      'apps/server/src/modules/demo/**',
      'apps/server/src/db/migrations/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|updateTable|insertInto|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)$/][arguments.0.value=/^winners( |$)/]',
          message: 'Only modules/winners queries the winners table; call its repository or service.',
        },
      ],
    },
  },
  {
    // Layers (issue 12): routes parse, authorise and call a service; SQL lives in repositories.
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|updateTable|insertInto|deleteFrom|transaction|executeQuery)$/]',
          message: 'Routes call services; queries belong in the module’s repository.',
        },
      ],
    },
  },
  {
    // The web app reaches the API only through the contract (@preffy/api) and its typed client.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//]',
          message: 'Call the endpoint from @preffy/api with call(); no API addresses in the web app.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api\\//]',
          message: 'Call the endpoint from @preffy/api with call(); no API addresses in the web app.',
        },
      ],
    },
  },
  {
    // Dialogs wait for their host, which loads beside the first page (decision 0050).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/dialogs.ts', 'apps/web/src/test/**', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/modals',
              importNames: ['modals'],
              message: 'Open dialogs with dialogs from lib/dialogs.ts: it waits for the dialog host.',
            },
          ],
        },
      ],
    },
  },
  {
    plugins: {
      preffy: { rules: { 'feature-boundaries': featureBoundaries, 'area-boundaries': areaBoundaries } },
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'preffy/feature-boundaries': 'error' },
  },
  {
    // Areas meet only through their index.ts; infrastructure imports no area (eslint-rules/boundaries.js).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: { 'preffy/area-boundaries': 'error' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    // Served as it is, before the app: plain script for the browser (apps/web/public/boot.js).
    files: ['apps/web/public/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        window: 'readonly',
        document: 'readonly',
        requestAnimationFrame: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
);
