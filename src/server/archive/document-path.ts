import { ARCHIVE_FILES } from './format';

/** Long enough for any real file name; a path in a ZIP may be at most 65,535 bytes, and some unzip tools choke far sooner. */
const NAME_MAX_CHARACTERS = 120;

/**
 * Where a document's bytes go in the archive: `documents/{id}-{name}`. The id keeps two files of the same name apart;
 * the name keeps only letters, digits, spaces and `._()-`, so that no entry can climb out of the folder it is
 * unpacked into (`../`), hide itself (a leading dot) or name a device, whatever the patient called the file.
 */
export function documentPath(recordId: number, filename: string): string {
  const cleaned = filename
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/^[\s.]+/, '')
    .trim();
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  const stem = (extension ? cleaned.slice(0, dot) : cleaned).slice(0, NAME_MAX_CHARACTERS - extension.length).trimEnd();
  return `${ARCHIVE_FILES.documentsFolder}${recordId}-${stem || 'document'}${extension}`;
}
