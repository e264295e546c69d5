import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// ---- web module boundaries ---------------------------------------------------------------------
// features/<a> never imports features/<b> (nor app/); app/ composes the features; components/, lib/ and
// config/ import no feature and no part of app/. ESLint's no-restricted-imports matches the import's text, so
// a relative import is judged by the depth of the file it sits in: from features/<a>/x/y.tsx, '../../' is
// features/ itself and whatever follows must be <a>.
const WEB_SRC = 'apps/web/src';
const WEB_FEATURES = readdirSync(new URL(`./${WEB_SRC}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const FEATURE_MAX_DEPTH = 8;
const up = (levels) => `(?:\\.\\./){${levels}}`;

const featureBoundaries = (feature) =>
  Array.from({ length: FEATURE_MAX_DEPTH }, (_, depth) => ({
    files: [`${WEB_SRC}/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Up to features/, then into a feature that is not this one; or any path through another features/<b>.
              regex: `^${up(depth + 1)}(?!\\.\\.?/|${feature}(?:/|$))|(?:^|/)features/(?!${feature}(?:/|$))`,
              message: `features/${feature} must not import another feature: features are composed in app/; share code through lib/ or components/.`,
            },
            {
              regex: `^${up(depth + 2)}app(?:/|$)`,
              message: 'A feature must not import app/: app/ composes the features, not the other way round.',
            },
          ],
        },
      ],
    },
  }));

const sharedCodeBoundaries = {
  files: [`${WEB_SRC}/{components,lib,config}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^\\.\\.?/(?:.*/)?(?:features|app)(?:/|$)',
            message: 'components/, lib/ and config/ are shared by every feature: they must not import a feature or app/.',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', '**/data/**', '**/playwright-report/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...WEB_FEATURES.flatMap(featureBoundaries),
  sharedCodeBoundaries,
);
