import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  CHAT_ATTACHMENT_TYPES,
  CHAT_ATTACHMENTS_MAX_BYTES,
  CHAT_ATTACHMENTS_MAX_COUNT,
  type ChatAttachment,
  type ChatAttachmentType,
} from '../../shared/contracts/chat';
import { badRequest, HttpError, payloadTooLarge, unsupportedMediaType } from '../core/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The files of a multipart chat message, once chatMultipart has read them; none for a JSON one. */
    chatAttachments?: ChatAttachment[];
  }
}

const MAX_MB = CHAT_ATTACHMENTS_MAX_BYTES / (1024 * 1024);
export const attachmentMessages = {
  tooLarge: `files: Attachments can be at most ${MAX_MB} MB in all`,
  tooMany: `files: At most ${CHAT_ATTACHMENTS_MAX_COUNT} files can be attached to one message`,
  wrongType: (name: string) => `files: "${name}" is not a PDF, JPEG, PNG or plain text file`,
};

/** Multipart limits for the chat: a message's few fields are small; the files get the 20 MiB between them. */
export const CHAT_MULTIPART_LIMITS = {
  fields: 10,
  fieldSize: 64 * 1024,
  files: CHAT_ATTACHMENTS_MAX_COUNT,
  fileSize: CHAT_ATTACHMENTS_MAX_BYTES,
  parts: 10 + CHAT_ATTACHMENTS_MAX_COUNT,
} as const;

/**
 * Reads a multipart chat message (preValidation): its fields become the body that the route's contract then checks,
 * exactly as a JSON message's would (`metadata` arrives as a JSON string), and its files, under `files`, are kept
 * on the request. A JSON request passes untouched.
 */
export async function readChatMultipart(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, unknown> = {};
  const attachments: ChatAttachment[] = [];
  let total = 0;
  try {
    for await (const part of request.parts({ limits: CHAT_MULTIPART_LIMITS })) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.fieldname === 'metadata' ? parseMetadata(part.value) : part.value;
        continue;
      }
      if (part.fieldname !== 'files') throw badRequest(`${part.fieldname}: Attach files under the field name 'files'`);
      const data = await part.toBuffer();
      total += data.length;
      if (total > CHAT_ATTACHMENTS_MAX_BYTES) throw payloadTooLarge(attachmentMessages.tooLarge);
      attachments.push({ name: part.filename || 'attachment', type: await attachmentType(part.filename, data), data });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(attachmentMessages.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw payloadTooLarge(attachmentMessages.tooMany);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('The message has more parts than a chat message has');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA') throw badRequest('The multipart body could not be read');
    // Anything else the multipart reader (busboy) throws is a body it could not read: cut short, a broken part header.
    if (error instanceof HttpError || (error as { statusCode?: number }).statusCode !== undefined) throw error;
    throw badRequest('The multipart body could not be read');
  }
  request.body = fields;
  request.chatAttachments = attachments;
}

function parseMetadata(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw badRequest('metadata: must be a JSON object');
  }
}

/** PDF, JPEG and PNG by their magic bytes, plain text by being UTF-8 without control bytes; nothing else. */
async function attachmentType(name: string, data: Buffer): Promise<ChatAttachmentType> {
  const detected = (await fileTypeFromBuffer(data))?.mime;
  if (detected && (CHAT_ATTACHMENT_TYPES as readonly string[]).includes(detected)) return detected as ChatAttachmentType;
  if (!detected && data.length > 0 && isPlainText(data)) return 'text/plain';
  throw unsupportedMediaType(attachmentMessages.wrongType(name));
}

function isPlainText(data: Buffer): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    // Tabs, line ends and printable text only: a binary with no magic number is not text.
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return false;
    }
    return true;
  } catch {
    return false;
  }
}
