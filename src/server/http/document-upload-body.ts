import type { Readable } from 'node:stream';
import { documentMessages } from '../../shared/rules/documents';
import { badRequest, payloadTooLarge } from '../core/errors';
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  isJsonWhitespace as isWhitespace,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from './json-bytes';
import { MAX_JSON_DEPTH, tooDeepMessage } from './json-depth';
import { DataUrlDocument } from './data-url-document';
import type { UploadedDocument } from '../db/uploaded-document';

export interface UploadBody {
  /** The JSON object with `fileContents` replaced by its header: what the route's contract validates. */
  body: unknown;
  /** The decoded `fileContents`, or null when the body had no string under that name. */
  document: UploadedDocument | null;
}

/** Everything beside the document (names, a description) is small: 64 KiB is far more than its contract allows. */
const OTHER_FIELDS_MAX_BYTES = 64 * 1024;

const notJson = () => badRequest('The request body is not valid JSON');

type State =
  | 'start'
  | 'key-or-end'
  | 'key-after-comma'
  | 'key'
  | 'colon'
  | 'value'
  | 'after-value'
  | 'end'
  | 'other-value'
  | 'data-url'
  | 'whole-body';

/**
 * Reads the JSON body of POST /api/medical-records as it arrives. The document's base64 text is decoded straight into
 * the pieces it is stored in, so neither the body nor a 27 MiB string is ever held: a 20 MiB upload costs the server
 * about the document's own size (ADR 16). The other fields are collected (at most 64 KiB) and read with JSON.parse.
 * A body that is not an object is read whole and handed on, so the contract refuses it as it refuses any other.
 */
export function readUploadBody(payload: Readable, limitBytes: number): Promise<UploadBody> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    let state: State = 'start';
    let received = 0;
    let otherBytes = 0;
    let key = '';
    let collected: number[] = [];
    let wholeBody: Buffer[] = [];
    // Inside an other value: how deep, whether in a string, whether the last byte was a backslash.
    let depth = 0;
    let inString = false;
    let escaped = false;
    let document: DataUrlDocument | null = null;
    let settled = false;

    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      reject(error);
    };

    const collect = (byte: number) => {
      otherBytes += 1;
      if (otherBytes > OTHER_FIELDS_MAX_BYTES) throw payloadTooLarge('The fields beside fileContents are too large');
      collected.push(byte);
    };

    const parseCollected = (): unknown => {
      try {
        return JSON.parse(Buffer.from(collected).toString('utf8')) as unknown;
      } catch {
        throw notJson();
      } finally {
        collected = [];
      }
    };

    const setField = (value: unknown) => {
      // Named like an object's own machinery: refused, as Fastify's own JSON parser refuses it.
      if (key === '__proto__' || key === 'constructor') throw badRequest(`${key}: is not a field of this request`);
      fields[key] = value;
      state = 'after-value';
    };

    const startKey = () => {
      state = 'key';
      escaped = false;
    };

    const step = (byte: number) => {
      switch (state) {
        case 'start':
          if (isWhitespace(byte)) return;
          if (byte === OPEN_BRACE) state = 'key-or-end';
          else {
            state = 'whole-body';
            wholeBody.push(Buffer.of(byte));
          }
          return;
        case 'key-or-end':
          if (isWhitespace(byte)) return;
          if (byte === CLOSE_BRACE && Object.keys(fields).length === 0 && document === null) state = 'end';
          else if (byte === QUOTE) startKey();
          else throw notJson();
          return;
        case 'key':
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) {
            collected.unshift(QUOTE);
            collected.push(QUOTE);
            key = parseCollected() as string;
            state = 'colon';
            return;
          }
          collect(byte);
          return;
        case 'colon':
          if (isWhitespace(byte)) return;
          if (byte !== COLON) throw notJson();
          state = 'value';
          return;
        case 'value':
          if (isWhitespace(byte)) return;
          if (key === 'fileContents' && byte === QUOTE) {
            if (document !== null) throw badRequest('fileContents: is given twice');
            document = new DataUrlDocument();
            state = 'data-url';
            return;
          }
          state = 'other-value';
          depth = 0;
          inString = false;
          escaped = false;
          return step(byte);
        case 'other-value':
          if (inString) {
            collect(byte);
            if (escaped) escaped = false;
            else if (byte === BACKSLASH) escaped = true;
            else if (byte === QUOTE) {
              inString = false;
              if (depth === 0) setField(parseCollected());
            }
            return;
          }
          if (depth === 0 && collected.length > 0 && (isWhitespace(byte) || byte === COMMA || byte === CLOSE_BRACE)) {
            // The end of a number, true, false or null.
            setField(parseCollected());
            return step(byte);
          }
          collect(byte);
          if (byte === QUOTE) inString = true;
          else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
            depth += 1;
            // Refused before JSON.parse sees it, with the answer every other body gets (json-depth.ts); the body's
            // own object is the first level.
            if (depth + 1 > MAX_JSON_DEPTH) throw badRequest(tooDeepMessage());
          } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
            depth -= 1;
            if (depth < 0) throw notJson();
            if (depth === 0) setField(parseCollected());
          }
          return;
        case 'data-url': {
          const step = document!.push(byte);
          if (step === 'not-json') throw notJson();
          if (step === 'end') state = 'after-value';
          return;
        }
        case 'after-value':
          if (isWhitespace(byte)) return;
          if (byte === COMMA) state = 'key-after-comma';
          else if (byte === CLOSE_BRACE) state = 'end';
          else throw notJson();
          return;
        case 'end':
          if (!isWhitespace(byte)) throw notJson();
          return;
        case 'key-after-comma':
          if (isWhitespace(byte)) return;
          if (byte !== QUOTE) throw notJson();
          startKey();
          return;
        case 'whole-body':
          return;
      }
    };

    function onData(piece: Buffer) {
      if (settled) return;
      received += piece.length;
      if (received > limitBytes) return fail(payloadTooLarge(documentMessages.tooLarge));
      try {
        if (state === 'whole-body') {
          wholeBody.push(piece);
          return;
        }
        for (let index = 0; index < piece.length; index += 1) {
          step(piece[index]!);
          if ((state as State) === 'whole-body' && index + 1 < piece.length) {
            wholeBody.push(piece.subarray(index + 1));
            return;
          }
        }
      } catch (error) {
        fail(error as Error);
      }
    }

    function onEnd() {
      if (settled) return;
      if (state === 'whole-body') {
        settled = true;
        try {
          resolve({ body: JSON.parse(Buffer.concat(wholeBody).toString('utf8')) as unknown, document: null });
        } catch {
          reject(notJson());
        }
        wholeBody = [];
        return;
      }
      if (state !== 'end') return fail(notJson());
      settled = true;
      const pieces = document as DataUrlDocument | null;
      const body = { ...fields } as Record<string, unknown>;
      if (pieces) body.fileContents = pieces.header === null ? 'data:' : `${pieces.header},`;
      resolve({
        body,
        document: pieces ? { header: pieces.header, chunks: pieces.chunks, byteLength: pieces.byteLength, fault: pieces.fault } : null,
      });
    }

    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', (error) => fail(error));
    // A client that drops the connection mid-body: what was decoded is let go.
    payload.on('close', () => fail(badRequest('The upload was cut off before its end')));
  });
}
