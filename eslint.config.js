// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import dermis from './tools/eslint-import-boundaries.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Folders directly below `dir`, so each feature gets its own boundary zone without a hand-kept list. */
function featuresIn(dir) {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
}

/** Features never import each other: each may import only itself, `components`, `lib` and the contract. */
function noCrossFeatureImports(base) {
  const features = featuresIn(base);
  return features.map((feature) => ({
    target: `./${base}/${feature}`,
    from: `./${base}`,
    except: [`./${feature}`],
    message: 'Features do not import each other; move shared code to lib/ or compose in app/.',
  }));
}

const webFeatures = 'apps/web/src/features';
const serverFeatures = 'apps/server/src/features';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Config files outside every tsconfig (playwright.config.ts belongs to the e2e project).
        projectService: { allowDefaultProject: ['apps/web/playwright.config.ts', 'vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { dermis },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      'dermis/import-boundaries': [
        'error',
        {
          root: import.meta.dirname,
          zones: [
            ...noCrossFeatureImports(webFeatures),
            ...noCrossFeatureImports(serverFeatures),
            // One direction only: lib → components → features → app (docs/architecture.md, layers).
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'features must not import app/',
            },
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'components are below features',
            },
            {
              target: './apps/web/src/lib',
              from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
              message: 'lib is the bottom layer',
            },
            // The contract depends on nothing of ours; the apps never import each other.
            { target: './packages/contract', from: ['./apps'], message: 'the contract depends on no app' },
            {
              target: './apps/web',
              from: './apps/server',
              message: 'web and server share only the contract',
            },
            {
              target: './apps/server',
              from: './apps/web',
              message: 'web and server share only the contract',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'apps/web/e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/unbound-method': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
