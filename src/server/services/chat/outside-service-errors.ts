import { HttpError } from '../../core/errors';
import { LanguageModelError } from '../language-model/types';
import { N8nError } from '../n8n/types';
import type { ReplySource } from './reply-source';

/**
 * The one place where n8n's and a language model's failures become the API's own 502/504: their reason is what the
 * patient reads, their own error (its details, what lies under it) is logged as the cause. Anything else (the
 * patient leaving, a fault of ours) passes as it is.
 */
export function asHttpError(error: unknown): unknown {
  if (error instanceof N8nError || error instanceof LanguageModelError) return Object.assign(new HttpError(error.status, error.reason), { cause: error });
  return error;
}

/** A reply whose failures between its chunks are mapped the same way: they may come after the reply has begun. */
export async function* withHttpErrors(source: ReplySource): ReplySource {
  try {
    yield* source;
  } catch (error) {
    throw asHttpError(error);
  }
}
