import type { AssistantStatus } from '../../../shared/contracts/chat';
import type { LanguageModel } from '../language-model/types';
import type { N8n } from '../n8n/types';

/** What answers the chats, as main.ts configures it from the environment; tests point it at local stand-ins. */
export interface ChatDependencies {
  /** n8n's webhooks (N8N_*), n8nFor(env.n8n); undefined: the built-in assistant answers both chats. */
  n8n: N8n | undefined;
  /** A language model (ASSISTANT_LLM_*) for the built-in assistant and 'Get AI Analysis'; undefined: rules only. */
  languageModel: LanguageModel | undefined;
  /** CHAT_MESSAGES_PER_MINUTE. */
  messagesPerMinute: number;
}

export const CHATS_OFF: ChatDependencies = { n8n: undefined, languageModel: undefined, messagesPerMinute: 20 };

/** What answers each chat, for the browser to say so: never an address. */
export function whoAnswers({ n8n, languageModel }: ChatDependencies): AssistantStatus {
  return { n8n: n8n?.chatTrigger !== undefined, workflow: n8n?.workflow !== undefined, languageModel: languageModel !== undefined };
}
