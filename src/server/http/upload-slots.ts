import type { FastifyReply, FastifyRequest } from 'fastify';

/** A body over this size is a large upload; smaller ones (and every other request) are never held back. */
export const LARGE_UPLOAD_BYTES = 1024 * 1024;
/** Seconds a refused upload is told to wait before trying again. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

/**
 * At most `slots` large uploads at once in this process: each costs about its document's size in memory while it
 * arrives, so a burst of them is refused with 503 and Retry-After instead of running the server out of memory.
 * Counted before the body is read, from Content-Length (a body without one, sent in chunks, counts as large), and
 * released when the response ends however it ends: answered, refused, or dropped by the client.
 */
export function uploadSlots(slots: number) {
  let inUse = 0;
  return async function takeUploadSlot(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const length = Number(request.headers['content-length'] ?? Number.NaN);
    if (Number.isFinite(length) && length <= LARGE_UPLOAD_BYTES) return undefined;
    if (inUse >= slots) {
      // Answered before its body is read: the connection closes, so that its unread body is not taken for a request.
      return reply
        .status(503)
        .header('Retry-After', String(UPLOAD_RETRY_AFTER_SECONDS))
        .header('Connection', 'close')
        .send({ message: `Another upload is still in progress: try again in ${UPLOAD_RETRY_AFTER_SECONDS} seconds` });
    }
    inUse += 1;
    let released = false;
    reply.raw.once('close', () => {
      if (released) return;
      released = true;
      inUse -= 1;
    });
    return undefined;
  };
}
