/**
 * The options of n8n's chat widget (part 2 §3) as this tab uses them. The widget itself is not bundled (Vue, its
 * licence); the tab is a React component that behaves like it and speaks its protocol to the app's own server,
 * so there is no webhook address here: the server knows it, or answers itself.
 */
export const widgetOptions = {
  /** On opening, the stored session's earlier messages are shown. */
  loadPreviousSession: true,
  allowFileUploads: true,
  /** Passed on to n8n with every request when set; nothing to send by default. */
  metadata: undefined as Record<string, unknown> | undefined,
  initialMessages: ['Hi there! 👋', 'My name is Nathan. How can I assist you today?'],
} as const;

/** The widget's default English texts (part 2 §3). */
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
