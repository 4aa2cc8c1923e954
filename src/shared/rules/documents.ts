/** Upload limits shared by the upload panel (client checks) and the server (the backstop). */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const FILENAME_MAX_LENGTH = 255;

export const documentMessages = {
  tooLarge: 'Maximum file size is 20MB',
  wrongType: 'Only PDF, JPG, and PNG files are supported',
} as const;

export function isDocumentType(value: string): value is DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(value);
}

const EXTENSIONS: Record<string, DocumentType> = { pdf: 'application/pdf', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

/**
 * The type a chosen file will be uploaded as: the browser's own type when it is one of the three, else
 * the one its extension names (some systems report no type). null when it is neither.
 */
export function documentTypeOf(file: { name: string; type: string }): DocumentType | null {
  if (isDocumentType(file.type)) return file.type;
  if (file.type && file.type !== 'application/octet-stream') return null;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSIONS[extension] ?? null;
}

export type DocumentProblem = 'wrong-type' | 'too-large';

/** The client's checks before an upload (part 1 §5 (docs/product.md#part-1-5)); the server checks the bytes again. */
export function checkDocument(file: { name: string; type: string; size: number }): DocumentProblem | null {
  if (!documentTypeOf(file)) return 'wrong-type';
  if (file.size > MAX_DOCUMENT_BYTES) return 'too-large';
  return null;
}
