// An uploaded document as the services store it: its bytes already in the pieces of medical_record_chunks
// (document-bytes.ts), read from the request by http/document-upload-body.ts.

/** Why these are not the bytes of a strict base64 data URL. */
export type DocumentFault = 'not-base64' | 'too-large';

/** The document of an upload, decoded from its base64 data URL while the body arrived. */
export interface UploadedDocument {
  /** What came before the comma ('data:application/pdf;base64'); null when there was no comma in its first bytes. */
  header: string | null;
  /** The decoded bytes in pieces of DOCUMENT_CHUNK_BYTES (the last one shorter), as they are stored. */
  chunks: Buffer[];
  byteLength: number;
  /** Why these are not the bytes of a strict base64 data URL, or null when they are. */
  fault: DocumentFault | null;
}
