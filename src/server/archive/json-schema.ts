import { z } from 'zod';
import { ArchiveData, ArchiveManifest } from './format';

/** The JSON Schemas of the archive's two JSON files, as docs/archive/ holds them (`npm run archive:schema` writes them). */
export function archiveJsonSchemas(): Record<string, object> {
  const of = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' });
  return {
    'healthassist.schema.json': of(ArchiveData),
    'manifest.schema.json': of(ArchiveManifest),
  };
}

export const ARCHIVE_SCHEMA_FOLDER = new URL('../../../docs/archive/', import.meta.url);
