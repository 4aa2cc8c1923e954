import { OutsideServiceError } from '../../core/errors';

/** One turn of a conversation, as OpenAI-compatible chat APIs take it. */
export interface ModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A language model behind a small adapter (openai-compatible.ts), chosen by the environment in index.ts. */
export interface LanguageModel {
  /**
   * The model's reply to the conversation, in pieces of text as they arrive (never an empty piece); nothing is
   * sent before the first piece is asked for. Fails with a LanguageModelError; when the caller's signal aborts,
   * the request is cancelled and the iteration fails with the signal's reason instead.
   */
  streamReply(messages: ModelMessage[], signal?: AbortSignal): AsyncIterable<string>;
}

/**
 * A reply that did not come: 504 when the model stayed silent for the configured time (before its first byte or
 * between two pieces), 502 for anything else (an error status, no connection, an answer that cannot be read).
 * `reason` can be shown to the patient ('The language model answered 500'); `details` go to the log only (a status,
 * the start of the model's answer) and never hold the API key.
 */
export class LanguageModelError extends OutsideServiceError {
  constructor(status: 502 | 504, reason: string, details: Record<string, unknown> = {}) {
    super(status, reason, details);
    this.name = 'LanguageModelError';
  }
}
