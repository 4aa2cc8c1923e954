import { MAX_DOCUMENT_BYTES } from '../../shared/rules/documents';
import { DOCUMENT_CHUNK_BYTES } from '../db/schema/index';
import type { DocumentFault } from '../db/uploaded-document';
import { BACKSLASH, COMMA, QUOTE } from './json-bytes';

// The string of an upload's fileContents, a base64 data URL, read as it arrives (document-upload-body.ts reads the
// JSON around it): its header up to the comma, then its base64 decoded straight into the pieces it is stored in.

/** 'data:image/jpeg;base64' and its like; a longer header is no data URL of a document. */
const HEADER_MAX_BYTES = 256;

const EQUALS = 0x3d;
const SLASH = 0x2f;

/** Each byte's value in base64's alphabet (A–Z, a–z, 0–9, +, /), or NOT_BASE64. */
const NOT_BASE64 = 0xff;
const BASE64_VALUES = new Uint8Array(256).fill(NOT_BASE64);
[...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].forEach((character, value) => {
  BASE64_VALUES[character.charCodeAt(0)] = value;
});

/**
 * Decodes base64 text as it arrives into pieces of DOCUMENT_CHUNK_BYTES, checking it is strict base64 (its alphabet,
 * padding only at the end, a length that is a multiple of four) without ever holding the text whole.
 */
class Base64Pieces {
  readonly chunks: Buffer[] = [];
  byteLength = 0;
  fault: DocumentFault | null = null;
  private characters = 0;
  private padding = 0;
  /** The 6-bit values of the current group of four characters, and how many of them have come. */
  private group = 0;
  private groupLength = 0;
  private current = Buffer.allocUnsafe(DOCUMENT_CHUNK_BYTES);
  private currentLength = 0;

  push(byte: number): void {
    if (this.fault) return;
    this.characters += 1;
    if (byte === EQUALS) {
      this.padding += 1;
      if (this.padding > 2) this.fail('not-base64');
      return;
    }
    const value = BASE64_VALUES[byte]!;
    if (this.padding > 0 || value === NOT_BASE64) return this.fail('not-base64');
    // Decoded here, byte by byte into the piece: no string and no buffer in between, so an upload leaves no garbage
    // of its size behind for the collector.
    this.group = (this.group << 6) | value;
    this.groupLength += 1;
    if (this.groupLength === 4) {
      this.emit((this.group >> 16) & 0xff);
      this.emit((this.group >> 8) & 0xff);
      this.emit(this.group & 0xff);
      this.group = 0;
      this.groupLength = 0;
    }
  }

  /** A character that is not base64 (or an escape that stands for none): the text is no strict data URL. */
  refuse(): void {
    this.fail('not-base64');
  }

  finish(): void {
    if (this.fault) return;
    if (this.characters % 4 !== 0) return this.fail('not-base64');
    // A group cut short by '=' or '==' holds one or two bytes.
    if (this.groupLength === 3) {
      this.emit((this.group >> 10) & 0xff);
      this.emit((this.group >> 2) & 0xff);
    } else if (this.groupLength === 2) {
      this.emit((this.group >> 4) & 0xff);
    }
    if (this.fault) return;
    if (this.currentLength > 0) this.chunks.push(Buffer.from(this.current.subarray(0, this.currentLength)));
    this.currentLength = 0;
  }

  private emit(byte: number): void {
    if (this.fault) return;
    if (this.byteLength === MAX_DOCUMENT_BYTES) return this.fail('too-large');
    this.byteLength += 1;
    this.current[this.currentLength++] = byte;
    if (this.currentLength === DOCUMENT_CHUNK_BYTES) {
      this.chunks.push(this.current);
      this.current = Buffer.allocUnsafe(DOCUMENT_CHUNK_BYTES);
      this.currentLength = 0;
    }
  }

  private fail(fault: DocumentFault): void {
    this.fault = fault;
    // What was decoded is of no use now: let it go while the rest of the body arrives.
    this.chunks.length = 0;
    this.currentLength = 0;
  }
}

/** What one byte of the string did: more is to come, it was the closing quote, or the header is no JSON string. */
export type DataUrlStep = 'more' | 'end' | 'not-json';

/** The data URL of fileContents, fed byte by byte after its opening quote. */
export class DataUrlDocument {
  /** What came before the comma ('data:application/pdf;base64'); null when there was no comma in its first bytes. */
  header: string | null = null;
  private readonly base64 = new Base64Pieces();
  private inHeader = true;
  private headerBytes: number[] = [];
  /** Whether the last byte was a backslash: in the header or the base64 alike, as JSON string text escapes both. */
  private escaped = false;

  get chunks(): Buffer[] {
    return this.base64.chunks;
  }

  get byteLength(): number {
    return this.base64.byteLength;
  }

  get fault(): DocumentFault | null {
    return this.base64.fault;
  }

  push(byte: number): DataUrlStep {
    return this.inHeader ? this.pushHeader(byte) : this.pushBase64(byte);
  }

  private pushHeader(byte: number): DataUrlStep {
    if (this.escaped) {
      this.escaped = false;
      this.headerBytes.push(byte);
    } else if (byte === BACKSLASH) {
      this.escaped = true;
      this.headerBytes.push(byte);
    } else if (byte === QUOTE) {
      // No comma: not a data URL; the service says so.
      this.headerBytes = [];
      this.base64.refuse();
      this.base64.finish();
      return 'end';
    } else if (byte === COMMA && this.header === null) {
      try {
        this.header = JSON.parse(`"${Buffer.from(this.headerBytes).toString('utf8')}"`) as string;
      } catch {
        return 'not-json';
      }
      this.headerBytes = [];
      this.inHeader = false;
      return 'more';
    } else this.headerBytes.push(byte);
    if (this.headerBytes.length > HEADER_MAX_BYTES) {
      this.headerBytes = [];
      this.base64.refuse();
      this.inHeader = false;
    }
    return 'more';
  }

  private pushBase64(byte: number): DataUrlStep {
    if (this.escaped) {
      this.escaped = false;
      // JSON may write '/' as '\/'; any other escape stands for something base64 has not.
      if (byte === SLASH) this.base64.push(SLASH);
      else this.base64.refuse();
    } else if (byte === BACKSLASH) this.escaped = true;
    else if (byte === QUOTE) {
      this.base64.finish();
      return 'end';
    } else this.base64.push(byte);
    return 'more';
  }
}
