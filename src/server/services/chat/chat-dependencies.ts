import type { N8nConfig } from '../../env';
import type { LanguageModel } from '../language-model/types';

/** What answers the chats, as main.ts configures it from the environment; tests point it at local stand-ins. */
export interface ChatDependencies {
  /** n8n's webhooks (N8N_*); null: the built-in assistant answers both chats. */
  n8n: N8nConfig | null;
  /** A language model (ASSISTANT_LLM_*) for the built-in assistant and 'Get AI Analysis'; undefined: rules only. */
  languageModel: LanguageModel | undefined;
  /** CHAT_MESSAGES_PER_MINUTE. */
  messagesPerMinute: number;
}

export const CHATS_OFF: ChatDependencies = { n8n: null, languageModel: undefined, messagesPerMinute: 20 };
