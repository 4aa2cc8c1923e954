/**
 * The options of n8n's chat widget (part 2 §3 (docs/product.md#part-2-3)) as this tab uses them. The widget itself is not bundled (Vue, its
 * licence); the tab is a React component that behaves like it and speaks its protocol to the app's own server,
 * so there is no webhook address here: the server knows it, or answers itself.
 */
export const widgetOptions = {
  /** On opening, the stored session's earlier messages are shown. */
  loadPreviousSession: true,
  allowFileUploads: true,
  /** Passed on to n8n with every request when set; nothing to send by default. */
  metadata: undefined as Record<string, unknown> | undefined,
} as const;

/**
 * The widget's `initialMessages`, saying truthfully what answers (part 2 §4 (docs/product.md#part-2-4)): 'Hi there! 👋', then the assistant
 * powered by the n8n workflow, or the app's own assistant answering from the patient's records (not 'on this
 * device': the server may be elsewhere, and a configured language model may be too). Until the server
 * has said which, the greeting alone (`n8n` undefined), so that the second message never changes once shown;
 * if it cannot say, a second message that names neither.
 */
export function initialMessages(n8n: boolean | undefined, statusFailed = false): string[] {
  const hello = 'Hi there! 👋';
  if (n8n === true) return [hello, "I'm your health assistant, powered by your n8n workflow. How can I help you today?"];
  if (n8n === false) return [hello, "I'm your health assistant. I answer from your own records in this app. How can I help you today?"];
  return statusFailed ? [hello, "I'm your health assistant. How can I help you today?"] : [hello];
}

/** The widget's default English texts (part 2 §3 (docs/product.md#part-2-3)). */
const texts: Record<string, string> = {
  title: 'Hi there! 👋',
  subtitle: "Start a chat. We're here to help you 24/7.",
  footer: '',
  getStarted: 'New Conversation',
  inputPlaceholder: 'Type your question..',
  closeButtonTooltip: 'Close chat',
};

/** A widget text; a missing one falls back to its key, as the widget's do. */
export const widgetText = (key: string): string => texts[key] ?? key;
