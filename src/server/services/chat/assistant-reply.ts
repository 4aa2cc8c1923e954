import type { Database } from '../../db/client';
import type { Patient } from '../../core/patient';
import { builtInReply } from '../assistant/built-in-assistant';
import { loadPatientFacts } from '../assistant/patient-facts';
import { assistantSystemPrompt } from '../assistant/system-prompt';
import type { LanguageModel, ModelMessage } from '../language-model/types';
import type { StoredMessage } from './conversations';
import { piecewiseReply, wholeReply, type ReplySource } from './reply-source';

/** How many earlier turns of the conversation a language model is given: enough for follow-ups, bounded. */
const CONTEXT_TURNS = 20;

export interface AssistantQuestion {
  question: string;
  /** The conversation so far, oldest first, read only when a model will use it (none for 'Get AI Analysis'). */
  history?: (turns: number) => Promise<StoredMessage[]>;
  signal?: AbortSignal;
}

/**
 * The app's own assistant: a language model when one is configured, given the patient's facts and the safety rules;
 * otherwise the rules answer from the patient's data. Nothing leaves the machine unless a model is configured. An
 * emergency never comes here: answerChat answers it first, by the rule. A model's failure is a LanguageModelError,
 * which answerChat maps to the API's 502/504.
 */
export async function assistantReply(db: Database, patient: Patient, model: LanguageModel | undefined, ask: AssistantQuestion): Promise<ReplySource> {
  if (!model) return wholeReply(await builtInReply(db, patient, ask.question));
  const facts = await loadPatientFacts(db, patient);
  const messages: ModelMessage[] = [
    { role: 'system', content: assistantSystemPrompt(facts) },
    ...((await ask.history?.(CONTEXT_TURNS)) ?? []),
    { role: 'user', content: ask.question },
  ];
  return piecewiseReply(model.streamReply(messages, ask.signal));
}
