import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../shared/rules/documents';
import { DOCUMENT_CHUNK_BYTES } from '../db/schema/index';
import { readUploadBody } from './document-upload-body';

const LIMIT = 30 * 1024 * 1024;

/** The body as a stream of pieces of the given sizes (cycled), as a socket may deliver it. */
function streamOf(text: string | Buffer, pieceSizes: number[] = [64 * 1024]): Readable {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
  const pieces: Buffer[] = [];
  for (let start = 0, turn = 0; start < bytes.length; turn += 1) {
    const size = pieceSizes[turn % pieceSizes.length]!;
    pieces.push(bytes.subarray(start, start + size));
    start += size;
  }
  return Readable.from(pieces);
}

const upload = (fields: Record<string, unknown>) => JSON.stringify(fields);
const dataUrl = (bytes: Buffer, type = 'application/pdf') => `data:${type};base64,${bytes.toString('base64')}`;

async function read(text: string | Buffer, pieceSizes?: number[], limit = LIMIT) {
  return readUploadBody(streamOf(text, pieceSizes), limit);
}

describe('readUploadBody', () => {
  it.each([1, 2, 3, DOCUMENT_CHUNK_BYTES - 1, DOCUMENT_CHUNK_BYTES, DOCUMENT_CHUNK_BYTES + 1, 3 * DOCUMENT_CHUNK_BYTES])(
    'decodes a document of %i bytes into pieces of 256 KiB, byte for byte',
    async (size) => {
      const bytes = randomBytes(size);
      const { body, document } = await read(upload({ userId: 1, filename: 'scan.pdf', fileContents: dataUrl(bytes), fileSize: size }));
      expect(body).toEqual({ userId: 1, filename: 'scan.pdf', fileContents: 'data:application/pdf;base64,', fileSize: size });
      expect(document).toMatchObject({ header: 'data:application/pdf;base64', byteLength: size, fault: null });
      expect(document!.chunks.map((chunk) => chunk.length)).toEqual(
        Array.from({ length: Math.ceil(size / DOCUMENT_CHUNK_BYTES) }, (_, index) => Math.min(DOCUMENT_CHUNK_BYTES, size - index * DOCUMENT_CHUNK_BYTES)),
      );
      expect(Buffer.concat(document!.chunks).equals(bytes)).toBe(true);
    },
  );

  it('reads any object with any fields, cut into pieces anywhere, as JSON.parse does, and its document byte for byte', async () => {
    const field = fc.oneof(fc.string({ unit: 'binary' }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }));
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string().filter((key) => !['fileContents', '__proto__', 'constructor'].includes(key)), field, { maxKeys: 5 }),
        fc.uint8Array({ maxLength: 3000 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        async (fields, bytes, pieceSizes, escapeSlashes) => {
          let text = JSON.stringify({ ...fields, fileContents: dataUrl(Buffer.from(bytes)) }, null, 1);
          // JSON may write '/' as '\/'.
          if (escapeSlashes) text = text.replaceAll('/', '\\/');
          const { body, document } = await read(text, pieceSizes);
          expect(body).toEqual({ ...JSON.parse(text), fileContents: 'data:application/pdf;base64,' });
          expect(document!.fault).toBeNull();
          expect(Buffer.concat(document!.chunks).equals(Buffer.from(bytes))).toBe(true);
        },
      ),
      { seed: 20261125, numRuns: 300 },
    );
  });

  it('reads the document wherever it stands among the fields, and a body without one', async () => {
    const bytes = randomBytes(10);
    const first = await read(`{"fileContents":"${dataUrl(bytes)}","filename":"a.pdf"}`);
    expect(first.body).toEqual({ fileContents: 'data:application/pdf;base64,', filename: 'a.pdf' });
    expect(Buffer.concat(first.document!.chunks).equals(bytes)).toBe(true);
    expect(await read('{"filename":"a.pdf","fileContents":5}')).toEqual({ body: { filename: 'a.pdf', fileContents: 5 }, document: null });
    expect(await read(' { } ')).toEqual({ body: {}, document: null });
  });

  it.each([
    ['a character outside base64', 'data:application/pdf;base64,JVBER!!!', 'not-base64'],
    ['padding inside the text', 'data:application/pdf;base64,JV=BERi0', 'not-base64'],
    ['three padding characters', 'data:application/pdf;base64,JV===', 'not-base64'],
    ['a length that is not a multiple of four', 'data:application/pdf;base64,JVBERi0', 'not-base64'],
    ['an escape other than \\/', 'data:application/pdf;base64,JVBE\\u0052i0x', 'not-base64'],
    ['no comma', 'hello', 'not-base64'],
    ['a header longer than a data URL has', `data:${'x'.repeat(300)};base64,JVBE`, 'not-base64'],
  ])('marks %s as no base64 data URL', async (_case, fileContents, fault) => {
    const { document } = await read(`{"fileContents":"${fileContents}"}`);
    expect(document).toMatchObject({ fault, chunks: [] });
  });

  it('marks a document over 20 MiB as too large, and keeps none of it', async () => {
    const { document } = await read(upload({ fileContents: dataUrl(Buffer.alloc(MAX_DOCUMENT_BYTES + 1)) }));
    expect(document).toMatchObject({ fault: 'too-large', chunks: [] });
  });

  it('reads a header with escapes as the string it stands for', async () => {
    const { body, document } = await read('{"fileContents":"data:image\\/png;base64,AAAA"}');
    expect(body).toEqual({ fileContents: 'data:image/png;base64,' });
    expect(document).toMatchObject({ header: 'data:image/png;base64', byteLength: 3 });
  });

  it.each([null, [], 'text', 5, true])('hands a body that is not an object (%j) on as it is, for the contract to refuse', async (value) => {
    expect(await read(JSON.stringify(value), [1])).toEqual({ body: value, document: null });
  });

  it.each([
    ['an empty body', ''],
    ['a cut-off object', '{"filename":"a.pdf"'],
    ['a cut-off document', '{"fileContents":"data:application/pdf;base64,JVBE'],
    ['a missing colon', '{"filename" "a.pdf"}'],
    ['a trailing comma', '{"filename":"a.pdf",}'],
    ['two objects', '{}{}'],
    ['a broken number', '{"fileSize":12x}'],
    ['a broken value', '{"fileSize":tru}'],
    ['no key', '{:1}'],
    ['a stray closing bracket', '{"a":]}'],
    ['broken JSON that is not an object', '[1,'],
  ])('refuses %s as JSON', async (_case, text) => {
    await expect(read(text)).rejects.toMatchObject({ statusCode: 400, message: 'The request body is not valid JSON' });
  });

  it('refuses a field named __proto__, which would reach the object’s prototype', async () => {
    await expect(read('{"__proto__":{"admin":true}}')).rejects.toMatchObject({ statusCode: 400, message: '__proto__: is not a field of this request' });
  });

  it('refuses a second document', async () => {
    await expect(read('{"fileContents":"data:a;base64,","fileContents":"data:a;base64,"}')).rejects.toMatchObject({
      statusCode: 400,
      message: 'fileContents: is given twice',
    });
  });

  it('refuses a body nesting deeper than 32 levels without parsing it, as every other route does', async () => {
    await expect(read(`{"metadata":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)).rejects.toMatchObject({
      statusCode: 400,
      message: 'The request body nests deeper than 32 levels',
    });
    // The body's own object is the first of the 32 levels.
    const deepest = `${'['.repeat(31)}${']'.repeat(31)}`;
    expect((await read(`{"metadata":${deepest}}`)).body).toEqual({ metadata: JSON.parse(deepest) });
    await expect(read(`{"metadata":[${deepest}]}`)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refuses a body over its limit, and other fields over 64 KiB', async () => {
    await expect(read(upload({ fileContents: dataUrl(randomBytes(3000)) }), undefined, 1000)).rejects.toMatchObject({
      statusCode: 413,
      message: 'Maximum file size is 20MB',
    });
    await expect(read(upload({ description: 'a'.repeat(70_000) }))).rejects.toMatchObject({
      statusCode: 413,
      message: 'The fields beside fileContents are too large',
    });
  });
});
