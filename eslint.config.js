import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

// A feature never imports another feature: what two features share moves to components/, lib/ or shared/.
const featuresFolder = 'src/web/features';
let features = [];
try {
  features = readdirSync(featuresFolder, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
} catch {
  // No web features yet.
}
const featureZones = features.map((feature) => ({
  target: `./${featuresFolder}/${feature}`,
  from: `./${featuresFolder}`,
  except: [`./${feature}`],
  message: 'A feature must not import another feature; move what they share to components/, lib/ or src/shared/.',
}));

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', 'test-results/', 'playwright-report/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Resolve extensionless TypeScript imports, so the path rules below can see what is imported.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/shared', from: './src/server', message: 'shared/ is imported by both sides and imports neither.' },
            { target: './src/shared', from: './src/web', message: 'shared/ is imported by both sides and imports neither.' },
            { target: './src/web', from: './src/server', message: 'The browser bundle must never pull in server code.' },
            { target: './src/server', from: './src/web', message: 'The server does not import browser code.' },
            ...featureZones,
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through src/server/env.ts (loadEnv), the one place that reads process.env.',
        },
      ],
    },
  },
  {
    // The one module that reads the environment, and the tooling around the app (tests, bench, scripts).
    files: ['src/server/env.ts', 'scripts/**', 'bench/**', 'src/testing/**', '*.config.*', 'e2e/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Playwright reads a fixture's dependencies from its destructuring pattern, so `{}` means "none".
    files: ['e2e/fixtures.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.test.ts', 'src/testing/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Plain browser scripts served as they are (no bundler): the no-flash theme script.
    files: ['src/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly' } },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', '*.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
