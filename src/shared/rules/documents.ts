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
