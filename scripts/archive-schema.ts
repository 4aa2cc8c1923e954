// `npm run archive:schema`: writes the JSON Schemas of the archive's files into docs/archive/ (ADR 18). A test fails
// while the committed files differ from what the format's zod schemas say.
import { writeFileSync } from 'node:fs';
import { ARCHIVE_SCHEMA_FOLDER, archiveJsonSchemas } from '../src/server/archive/json-schema';

for (const [name, schema] of Object.entries(archiveJsonSchemas())) {
  writeFileSync(new URL(name, ARCHIVE_SCHEMA_FOLDER), `${JSON.stringify(schema, null, 2)}\n`);
  console.log(`docs/archive/${name}`);
}
