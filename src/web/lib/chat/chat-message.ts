import type { ChatRole } from '../../../shared/contracts/chat';

/** One bubble of any of the app's chats (the product chat message of part 2 §3 (docs/product.md#part-2-3) and the widget's message, as one shape). */
export interface ChatMessage {
  id: string;
  role: ChatRole;
  text: string;
  /** The names of the files the patient attached to it. */
  files?: readonly string[];
}
