import {
  CHAT_ATTACHMENT_TYPES,
  CHAT_ATTACHMENTS_MAX_BYTES,
  CHAT_ATTACHMENTS_MAX_COUNT,
  type ChatAttachmentType,
} from '../../../shared/contracts/chat';

const EXTENSION_TYPES: Record<string, ChatAttachmentType> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  txt: 'text/plain',
};

/** What the attach button's file picker offers: the allowed types, and their extensions for systems that go by name. */
export const ATTACHMENT_ACCEPT = [...CHAT_ATTACHMENT_TYPES, ...Object.keys(EXTENSION_TYPES).map((ext) => `.${ext}`)].join(',');

/** The declared type, or the one its extension implies when the browser declares none. The server checks the bytes. */
function typeOf(file: Pick<File, 'name' | 'type'>): string {
  if (file.type !== '') return file.type;
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? '';
}

export type AttachmentKind = 'image' | 'audio' | 'video' | 'document';

/** Which icon a chip shows (part 2 §4 (docs/product.md#part-2-4): document, audio, image, video). */
export function attachmentKind(file: Pick<File, 'name' | 'type'>): AttachmentKind {
  const type = typeOf(file);
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  return 'document';
}

export type RefusalReason = 'type' | 'count' | 'size';

export interface AttachResult {
  files: File[];
  refused: { name: string; reason: RefusalReason }[];
}

/**
 * A new selection adds to the attached files (part 2 §5 (docs/product.md#part-2-5)). A file named like an attached one replaces it — chips are
 * told apart and removed by name — and files the server would refuse are left out here, each with the reason: a
 * type it does not take, more than 10 files, or more than 20 MiB in all.
 */
export function addAttachments(current: readonly File[], picked: readonly File[]): AttachResult {
  let files = [...current];
  const refused: AttachResult['refused'] = [];
  for (const file of picked) {
    const others = files.filter((attached) => attached.name !== file.name);
    if (!(CHAT_ATTACHMENT_TYPES as readonly string[]).includes(typeOf(file))) refused.push({ name: file.name, reason: 'type' });
    else if (others.length >= CHAT_ATTACHMENTS_MAX_COUNT) refused.push({ name: file.name, reason: 'count' });
    else if (others.reduce((sum, attached) => sum + attached.size, file.size) > CHAT_ATTACHMENTS_MAX_BYTES)
      refused.push({ name: file.name, reason: 'size' });
    else files = [...others, file];
  }
  return { files, refused };
}

/** Removes the chip's file, by name as the widget does. */
export const removeAttachment = (files: readonly File[], name: string) => files.filter((file) => file.name !== name);
