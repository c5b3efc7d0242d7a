// Type-aware lint over every workspace; zero warnings is enforced by `npm run lint`.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const WEB = 'apps/web/src';
const webFeatures = readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web app's layers (STYLE.md #9): app/ composes features; a feature never imports another
 * (what two features share moves down to lib/ or components/); lib/ and components/ import no
 * feature and no route.
 */
const webBoundaries = [
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'Features never import each other: move what both need to lib/ or components/.',
  })),
  {
    target: [`${WEB}/lib`, `${WEB}/components`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'lib/ and components/ sit below the features and routes that use them.',
  },
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'Routes compose features, not the other way round.',
  },
];

/**
 * Files still over decision 047's limits, each to be cut by idea (issue 30 item 2). The list only
 * shrinks: a file leaves it when it is cut, and nothing new joins it.
 */
const NOT_YET_CUT = [
  // Not a room but a list: one sentence a line, the recogniser's journaling vocabulary.
  'apps/server/src/modules/speech/journaling-corpus.ts',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/src/db/migrations/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { zones: webBoundaries }],
    },
  },
  {
    // Rooms cut by idea (decision 047): a source file over 300 lines or a function over 120 is
    // where an idea has not been cut out yet. Tests are exempt (a describe block is a list).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', ...NOT_YET_CUT],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': [
        'error',
        { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // A test may reach into any feature to check one of its helpers.
    files: [`${WEB}/**/*.test.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // Test helpers type their JSON answers at the call site.
    files: ['**/test/**', '**/*.test.ts', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-unnecessary-type-parameters': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
);
