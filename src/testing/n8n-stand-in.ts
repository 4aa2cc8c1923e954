import type { IncomingHttpHeaders } from 'node:http';
import { startLocalServer } from './local-server';

/** A request as n8n's webhook received it: JSON fields, or multipart fields with their files. */
export interface N8nReceived {
  url: string;
  headers: IncomingHttpHeaders;
  /** The JSON body, or the multipart text fields as they came (metadata still a JSON string). */
  fields: Record<string, unknown>;
  files: { name: string; type: string; bytes: Buffer }[];
}

/**
 * How the stand-in answers a request: JSON with a status; n8n's stream, line by line (optionally stalling after
 * some lines, never ending); plain text; or no answer at all.
 */
export type N8nAnswer =
  | { json: unknown; status?: number }
  | { text: string; status: number; headers?: Record<string, string> }
  | { lines: unknown[]; gapMs?: number; stallAfter?: number }
  | 'no answer';

export interface N8nStandIn {
  /** http://127.0.0.1:{port}/webhook/… */
  url: string;
  received: N8nReceived[];
  answerWith(answer: N8nAnswer | ((request: N8nReceived) => N8nAnswer)): void;
  close(): Promise<void>;
}

/** One line of n8n's stream, as its Chat Trigger writes it in streaming response mode. */
export function streamLine(type: 'begin' | 'item' | 'end' | 'error', content?: string, { nodeId = 'agent-1', nodeName = 'AI Agent', runIndex = 0 } = {}) {
  return { type, ...(content === undefined ? {} : { content }), metadata: { nodeId, nodeName, itemIndex: 0, runIndex, timestamp: 1_700_000_000_000 } };
}

/**
 * A real HTTP server on a free local port that plays an n8n Chat Trigger (or a workflow webhook): it reads requests
 * as n8n does (JSON or multipart) and keeps them, and answers as the test says.
 */
type Answering = N8nAnswer | ((request: N8nReceived) => N8nAnswer);

export async function startN8nStandIn(answer: Answering = { json: { output: 'Hello from n8n' } }): Promise<N8nStandIn> {
  const received: N8nReceived[] = [];
  let next = answer;
  const server = await startLocalServer((request, body, response) => {
    void (async () => {
      const type = String(request.headers['content-type'] ?? '');
      const entry: N8nReceived = { url: request.url ?? '', headers: request.headers, fields: {}, files: [] };
      if (type.startsWith('multipart/form-data')) {
        // The platform's own multipart reader, as a web server would read the form.
        const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
        for (const [name, value] of form.entries()) {
          if (typeof value === 'string') entry.fields[name] = value;
          else entry.files.push({ name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
        }
      } else if (body.length) {
        entry.fields = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      }
      received.push(entry);
      const chosen = typeof next === 'function' ? next(entry) : next;
      if (chosen === 'no answer') return;
      if ('json' in chosen) {
        response.writeHead(chosen.status ?? 200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(chosen.json));
        return;
      }
      if ('text' in chosen) {
        response.writeHead(chosen.status, { 'content-type': 'text/plain', ...chosen.headers }).end(chosen.text);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'transfer-encoding': 'chunked' });
      for (const [index, line] of chosen.lines.entries()) {
        if (chosen.stallAfter !== undefined && index >= chosen.stallAfter) return;
        response.write(`${JSON.stringify(line)}\n`);
        if (chosen.gapMs) await new Promise((resolve) => setTimeout(resolve, chosen.gapMs));
      }
      response.end();
    })();
  });
  return {
    url: `${server.url}/webhook/0c7b4d1e-chat/chat`,
    received,
    answerWith(answer) {
      next = answer;
    },
    close: server.close,
  };
}
