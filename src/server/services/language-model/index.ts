import type { LanguageModelConfig } from '../../env';
import { openAiCompatibleModel } from './openai-compatible';
import type { LanguageModel } from './types';

/** The model the environment configures, or undefined when ASSISTANT_LLM_BASE_URL is unset (nothing leaves the machine). */
export function languageModelFor(config: LanguageModelConfig | null): LanguageModel | undefined {
  return config ? openAiCompatibleModel(config) : undefined;
}
