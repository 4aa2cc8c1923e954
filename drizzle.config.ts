import { defineConfig } from 'drizzle-kit';

// Only generates SQL from the schema; migrations are applied by the app itself at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  casing: 'snake_case',
});
