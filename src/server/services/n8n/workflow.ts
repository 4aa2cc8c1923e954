import type { WorkflowChatReply } from '../../../shared/contracts/chat';
import type { N8nConfig } from '../../env';
import { readN8nJson } from './read-reply';
import type { N8nWorkflow } from './types';
import { postToN8n } from './webhook';

/** The workflow page's webhook, N8N_WORKFLOW_WEBHOOK_URL: the page's message goes there as it came. */
export function workflowWebhook(config: N8nConfig & { workflowUrl: string }): N8nWorkflow {
  return {
    async send(message, call) {
      const response = await postToN8n(config, config.workflowUrl, { kind: 'json', body: message }, call);
      const value = await readN8nJson(response, config.timeoutMs);
      // A workflow that ends in an item list answers its first item.
      return outputOf(Array.isArray(value) ? value[0] : value);
    },
  };
}

/** `{ output }` when the workflow answered a text under that name; `{}` otherwise (the page then says so). */
function outputOf(value: unknown): WorkflowChatReply {
  const output = typeof value === 'object' && value !== null ? (value as { output?: unknown }).output : undefined;
  return typeof output === 'string' ? { output } : {};
}
