import { readdirSync } from 'node:fs';
import { URL } from 'node:url';

// features/<a> never imports features/<b> (nor app/); app/ composes the features; components/, lib/ and
// config/ import no feature and no part of app/. ESLint's no-restricted-imports matches the import's text, so
// a relative import is judged by the depth of the file it sits in: from features/<a>/x/y.tsx, '../../' is
// features/ itself and whatever follows must be <a>.
// Globs are relative to the repository's eslint.config.js, which spreads these entries into the web section.
const WEB_SRC = 'apps/web/src';
const WEB_FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
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
            message:
              'components/, lib/ and config/ are shared by every feature: they must not import a feature or app/.',
          },
        ],
      },
    ],
  },
};

/** The web app's module boundaries, one no-restricted-imports entry per feature and folder depth. */
export const webModuleBoundaries = [...WEB_FEATURES.flatMap(featureBoundaries), sharedCodeBoundaries];
