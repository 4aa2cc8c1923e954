import type { N8nConfig } from '../../env';
import { readN8nText, readReplyBody } from './read-reply';
import type { N8nWorkflow } from './types';
import { postToN8n } from './webhook';

/** The workflow page's webhook, N8N_WORKFLOW_WEBHOOK_URL: the page's message goes there as it came. */
export function workflowWebhook(config: N8nConfig & { workflowUrl: string }): N8nWorkflow {
  return {
    async send(message, call) {
      const response = await postToN8n(config, config.workflowUrl, { kind: 'json', body: message }, call);
      const read = readReplyBody(await readN8nText(response, config.timeoutMs));
      // The reply's text is the `output`. An answer without one, or none at all, is no `output` (the page then says
      // so), as it always was here: a nothing or a WebSocket receipt is not a 502 on this page.
      return read.kind === 'text' ? { output: read.text } : {};
    },
  };
}
