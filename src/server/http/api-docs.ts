import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';

const API_DOCS_PATH = '/api/docs';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** A schema: a link to its component when it is one, else its JSON. */
function json(value: unknown): string {
  const ref = (value as { $ref?: unknown } | null)?.$ref;
  if (typeof ref === 'string' && Object.keys(value as object).length === 1) {
    const name = escapeHtml(ref.split('/').pop()!);
    return `<p>Schema <a href="#${name}">${name}</a></p>`;
  }
  return `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;
}

/** The page's only style, inline; the content security policy allows it by its hash (http/security-headers.ts). */
export const API_DOCS_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color-scheme:light dark}' +
  'pre{overflow:auto;padding:.75rem;border:1px solid #8884;border-radius:.375rem;font-size:.8125rem}' +
  'section{border-top:1px solid #8884;margin-top:2rem}' +
  'dt{margin-top:.75rem}a:focus-visible{outline:2px solid currentColor;outline-offset:2px}';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function operationHtml(method: string, path: string, operation: OpenAPIV3_1.OperationObject): string {
  const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  const body = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content?.['application/json']?.schema;
  const responses = Object.entries(operation.responses ?? {}) as Array<[string, OpenAPIV3_1.ResponseObject]>;
  return `<section><h2><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h2><p>${escapeHtml(operation.summary ?? '')}</p>
${parameters.length ? `<h3>Parameters</h3><ul>${parameters.map((p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''}) ${escapeHtml(p.description ?? '')}</li>`).join('')}</ul>` : ''}
${body ? `<h3>Body</h3>${json(body)}` : ''}
<h3>Responses</h3><dl>${responses
    .map(([status, response]) => {
      const schemas = Object.entries(response.content ?? {}).map(([type, { schema }]) => `<p><code>${escapeHtml(type)}</code></p>${json(schema)}`);
      return `<dt><strong>${status}</strong> ${escapeHtml(response.description)}</dt><dd>${schemas.join('')}</dd>`;
    })
    .join('')}</dl></section>`;
}

/** The OpenAPI document as one plain page to read: no script, nothing the app's own pages load. */
export function renderApiDocs(document: OpenAPIV3_1.Document, documentPath: string): string {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => operationHtml(method, path, item![method]!)),
  );
  const components = Object.entries(document.components?.schemas ?? {}).filter(([name]) => !name.endsWith('Input'));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)}</title>
<style>${API_DOCS_STYLE}</style></head>
<body><main><h1>${escapeHtml(document.info.title)}</h1><p>${escapeHtml(document.info.description ?? '')}</p>
<p>The same, as OpenAPI ${escapeHtml(document.openapi)}: <a href="${documentPath}">${documentPath}</a></p>
${operations.join('\n')}
<section><h2>Schemas</h2>${components.map(([name, schema]) => `<h3 id="${escapeHtml(name)}">${escapeHtml(name)}</h3>${json(schema)}`).join('')}</section>
</main></body></html>`;
}

export function registerApiDocs(app: FastifyInstance, documentPath: string): void {
  let page: string | null = null;
  app.get(API_DOCS_PATH, { schema: { hide: true }, config: { signIn: 'public' } }, async (_request, reply) => {
    page ??= renderApiDocs(app.swagger() as OpenAPIV3_1.Document, documentPath);
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
