import type { PGlite } from '@electric-sql/pglite';
import { DOCUMENT_CHUNK_BYTES } from './schema/index';

// A document's pieces to and from PGlite in PostgreSQL's binary format, over its wire protocol (ADR 16).
//
// PGlite's query() sends every parameter as text and reads every value as text: a 256 KiB piece went as a 350 KiB
// base64 string, was copied into a growing protocol buffer, and came back the same way. On a 20 MiB upload those
// copies were most of the server's growth. Here a piece is written into one reused message as it is (a bytea in
// binary) and read straight from PGlite's output into the buffer that is sent: measured with `npm run bench --
// upload`, about a fifth of the time and a small part of the memory. Only the statements below use this path.

const INSERT_PIECE = 'insert into medical_record_chunks (record_id, chunk_index, bytes) values ($1, $2, $3)';
const SELECT_PIECE = 'select bytes from medical_record_chunks where record_id = $1 and chunk_index = $2';

const BINARY = 1;
/** Room for the messages around a piece: the statement text and the message headers. */
const MESSAGE_OVERHEAD_BYTES = 1024;

/**
 * One message buffer for every write, reused: PGlite copies a message into its own memory before execProtocol's first
 * await, and only one statement runs at a time, so the buffer is free again when the call returns its promise.
 */
const message = Buffer.allocUnsafe(DOCUMENT_CHUNK_BYTES + MESSAGE_OVERHEAD_BYTES);

/** Writes the frontend messages Parse, Bind (every parameter and result in binary), Execute and Sync. */
function extendedQuery(text: string, parameters: readonly (number | Uint8Array)[]): Buffer {
  let offset = 0;
  const int16 = (value: number) => {
    offset = message.writeInt16BE(value, offset);
  };
  const int32 = (value: number) => {
    offset = message.writeInt32BE(value, offset);
  };
  const cString = (value: string) => {
    offset += message.write(value, offset, 'utf8');
    message[offset++] = 0;
  };
  const frame = (type: string, body: () => void) => {
    message[offset++] = type.charCodeAt(0);
    const lengthAt = offset;
    offset += 4;
    body();
    message.writeInt32BE(offset - lengthAt, lengthAt);
  };

  frame('P', () => {
    cString(''); // the unnamed statement
    cString(text);
    int16(0); // the server infers the parameters' types
  });
  frame('B', () => {
    cString(''); // the unnamed portal
    cString('');
    int16(1);
    int16(BINARY); // one format for every parameter
    int16(parameters.length);
    for (const parameter of parameters) {
      if (typeof parameter === 'number') {
        int32(4);
        int32(parameter); // int4 in binary: four bytes, big-endian
      } else {
        int32(parameter.length);
        message.set(parameter, offset);
        offset += parameter.length;
      }
    }
    int16(1);
    int16(BINARY); // one format for every column of the result
  });
  frame('E', () => {
    cString('');
    int32(0); // every row
  });
  frame('S', () => {});
  return message.subarray(0, offset);
}

/** PostgreSQL's error, as PGlite's own queries throw it: its SQLSTATE in `code` (sql-state.ts reads it). */
class PieceStatementError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly constraint: string | undefined,
  ) {
    super(message);
    this.name = 'PieceStatementError';
  }
}

/**
 * Stores one piece. It must run inside the transaction that stores the record (PGlite has one session: a statement
 * sent outside one could land inside another caller's open transaction).
 */
export async function insertPiece(client: PGlite, recordId: number, chunkIndex: number, bytes: Uint8Array): Promise<void> {
  if (!client.isInTransaction()) throw new Error('a piece is written only inside the transaction that stores its record');
  if (bytes.length > DOCUMENT_CHUNK_BYTES) throw new Error(`a piece holds at most ${DOCUMENT_CHUNK_BYTES} bytes`);
  await client.runExclusive(async () => {
    const response = new ResponseReader();
    await client.execProtocolRawStream(extendedQuery(INSERT_PIECE, [recordId, chunkIndex, bytes]), {
      syncToFs: false,
      onRawData: (data) => response.push(data),
    });
    response.throwIfFailed();
  });
}

/**
 * One piece of a record, or null when it has no piece at that index. A statement of its own, run as PGlite runs its
 * own query(): holding the transaction mutex, so that it never lands inside another caller's open transaction (see
 * above), without a BEGIN and COMMIT of its own: those were most of what a piece cost to read (ADR 18).
 */
export function selectPiece(client: PGlite, recordId: number, chunkIndex: number): Promise<Buffer | null> {
  return client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      const response = new ResponseReader();
      await client.execProtocolRawStream(extendedQuery(SELECT_PIECE, [recordId, chunkIndex]), {
        syncToFs: false,
        onRawData: (data) => response.push(data),
      });
      response.throwIfFailed();
      return response.firstValue;
    }),
  );
}

/**
 * Reads PGlite's backend messages as they come, in pieces of any size: keeps the first column of the first DataRow
 * (copied once, out of PGlite's memory, into the buffer that is sent) and the ErrorResponse's fields; the rest
 * (ParseComplete, BindComplete, CommandComplete, ReadyForQuery) says nothing needed here.
 */
class ResponseReader {
  firstValue: Buffer | null = null;
  private error: { message: string; code: string; constraint: string | undefined } | null = null;
  private readonly header = Buffer.alloc(5);
  private headerLength = 0;
  private body: Buffer | null = null;
  private bodyLength = 0;

  push(data: Uint8Array): void {
    let at = 0;
    while (at < data.length) {
      if (this.body === null) {
        const take = Math.min(5 - this.headerLength, data.length - at);
        this.header.set(data.subarray(at, at + take), this.headerLength);
        this.headerLength += take;
        at += take;
        if (this.headerLength < 5) return;
        this.body = Buffer.allocUnsafe(this.header.readInt32BE(1) - 4);
        this.bodyLength = 0;
      }
      const take = Math.min(this.body.length - this.bodyLength, data.length - at);
      this.body.set(data.subarray(at, at + take), this.bodyLength);
      this.bodyLength += take;
      at += take;
      if (this.bodyLength === this.body.length) {
        this.finishMessage(String.fromCharCode(this.header[0]!), this.body);
        this.body = null;
        this.headerLength = 0;
      }
    }
  }

  throwIfFailed(): void {
    if (this.error) throw new PieceStatementError(this.error.message, this.error.code, this.error.constraint);
    if (this.body !== null || this.headerLength !== 0) throw new Error('PGlite ended its answer in the middle of a message');
  }

  private finishMessage(type: string, body: Buffer): void {
    if (type === 'D' && this.firstValue === null) {
      // Int16 column count, then Int32 length (-1: NULL) and the value; a view of the body, not a copy.
      const length = body.readInt32BE(2);
      this.firstValue = length < 0 ? null : body.subarray(6, 6 + length);
    } else if (type === 'E' && this.error === null) {
      // Fields of a one-byte code and a NUL-terminated text, ending with a zero byte.
      const fields = new Map<string, string>();
      for (let at = 0; at < body.length && body[at] !== 0; ) {
        const end = body.indexOf(0, at + 1);
        fields.set(String.fromCharCode(body[at]!), body.toString('utf8', at + 1, end));
        at = end + 1;
      }
      this.error = { message: fields.get('M') ?? 'PGlite refused the statement', code: fields.get('C') ?? 'XX000', constraint: fields.get('n') };
    }
  }
}
