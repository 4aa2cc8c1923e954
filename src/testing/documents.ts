import { samplePdf } from '../server/db/sample-documents';

/** A PDF of exactly `size` bytes: a real header and trailer, padded as a large scan would be. */
export function pdfOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  samplePdf('Large scan', ['page 1']).copy(bytes, 0);
  return bytes;
}
