import { CHAT_ATTACHMENTS_MAX_COUNT } from '../../../shared/contracts/chat';
import type { AttachResult } from '../../lib/chat/attachments';

const because = {
  type: (name: string) => `${name} is not a PDF, JPEG, PNG or plain text file.`,
  count: () => `A message can carry at most ${CHAT_ATTACHMENTS_MAX_COUNT} files.`,
  size: () => 'The files of one message can be at most 20 MB in all.',
} as const;

/** The toast for files left out of a selection: each reason once. */
export function refusalToast(refused: AttachResult['refused']) {
  const reasons = [...new Set(refused.map(({ name, reason }) => because[reason](name)))];
  return { title: refused.length === 1 ? 'File not attached' : 'Files not attached', description: reasons.join(' '), variant: 'destructive' as const };
}
