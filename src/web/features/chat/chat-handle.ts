/** What the page asks of the chat in the open tab when a quick question is pressed. */
export interface ChatHandle {
  /** Sends the question now, or, while a reply is awaited, leaves it in the message box to send next. */
  ask(question: string): void;
}
