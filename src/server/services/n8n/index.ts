import type { N8nConfig } from '../../env';
import { chatTrigger } from './chat-trigger';
import type { N8n } from './types';
import { workflowWebhook } from './workflow';

/** The webhooks the environment configures, or undefined when neither N8N_*_WEBHOOK_URL is set (nothing goes to n8n). */
export function n8nFor(config: N8nConfig | null): N8n | undefined {
  if (!config) return undefined;
  const { chatUrl, workflowUrl } = config;
  return {
    chatTrigger: chatUrl ? chatTrigger({ ...config, chatUrl }) : undefined,
    workflow: workflowUrl ? workflowWebhook({ ...config, workflowUrl }) : undefined,
  };
}
