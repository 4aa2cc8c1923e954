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

// The server's floors, lowest first (ADR 22): a file imports its own floor and the floors below, never one above.
// Each entry is a folder or a file under src/server; every folder and every file that is not a test is on one.
const serverFolder = 'src/server';
const serverFloors = [
  { name: 'core', paths: ['core', 'env.ts', 'app-version.ts'] },
  { name: 'db', paths: ['db'] },
  { name: 'auth', paths: ['auth'] },
  { name: 'services', paths: ['services', 'observations'] },
  { name: 'archive', paths: ['archive'] },
  { name: 'fhir', paths: ['fhir'] },
  { name: 'http and logging', paths: ['http', 'logging'] },
  { name: 'routes', paths: ['routes'] },
  { name: 'app.ts', paths: ['app.ts'] },
  { name: 'the commands', paths: ['main.ts', 'backup.ts', 'restore.ts', 'reset-access.ts', 'reset-database.ts'] },
];
try {
  const onAFloor = new Set(serverFloors.flatMap((floor) => floor.paths));
  const offFloor = readdirSync(serverFolder, { withFileTypes: true })
    .filter((e) => (e.isDirectory() ? true : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')))
    .map((e) => e.name)
    .filter((name) => !onAFloor.has(name));
  if (offFloor.length > 0) throw new Error(`eslint.config.js: put ${offFloor.join(', ')} on one of the server's floors (ADR 22).`);
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}
/** One zone a floor: it may not import the floors above it, apart from `reach` (paths that tests may import). */
function serverFloorZones(reach = []) {
  const at = (paths) => paths.filter((p) => !reach.includes(p)).map((p) => `./${serverFolder}/${p}`);
  return serverFloors.slice(0, -1).flatMap((floor, index) => {
    const above = serverFloors.slice(index + 1);
    const from = at(above.flatMap((f) => f.paths));
    if (from.length === 0) return [];
    const below = serverFloors.slice(0, index).map((f) => f.name);
    return [
      {
        target: floor.paths.map((p) => `./${serverFolder}/${p}`),
        from,
        message: `The server's ${floor.name} floor may import ${below.length ? below.join(', ') : 'no other floor'}, never ${above.map((f) => f.name).join(', ')} (docs/decisions/0022-server-floors.md).`,
      },
    ];
  });
}
const appZones = [
  { target: './src/shared', from: './src/server', message: 'shared/ is imported by both sides and imports neither.' },
  { target: './src/shared', from: './src/web', message: 'shared/ is imported by both sides and imports neither.' },
  { target: './src/web', from: './src/server', message: 'The browser bundle must never pull in server code.' },
  { target: './src/server', from: './src/web', message: 'The server does not import browser code.' },
  ...featureZones,
];
const restrictedPaths = (reach) => ['error', { zones: [...appZones, ...serverFloorZones(reach)] }];

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
      'import-x/no-restricted-paths': restrictedPaths(),
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
    // Tests stand on their file's floor but may build the whole server (app.ts) and drive it through HTTP, as a
    // browser does. Their helpers live in src/testing/, outside the floors.
    files: ['src/server/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths(['app.ts']) },
  },
  {
    // db/ tests of what the floors above ask of the database: the plans of the services' list queries (ADR 19) and
    // migration 0011's handling of auth's passphrase hashes (ADR 17).
    files: ['src/server/db/list-plans.test.ts', 'src/server/db/planner-statistics.test.ts', 'src/server/db/sign-in-migration.unit.test.ts'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths(['app.ts', 'auth', 'services']) },
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
