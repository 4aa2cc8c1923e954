import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_SCHEMA_FOLDER, archiveJsonSchemas } from './json-schema';

describe('the JSON Schemas in docs/archive/', () => {
  it('are what the format’s zod schemas say (npm run archive:schema writes them)', () => {
    for (const [name, schema] of Object.entries(archiveJsonSchemas())) {
      const committed: unknown = JSON.parse(readFileSync(new URL(name, ARCHIVE_SCHEMA_FOLDER), 'utf8'));
      expect(committed, name).toEqual(schema);
    }
  });
});
