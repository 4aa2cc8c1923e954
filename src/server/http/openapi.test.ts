import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../db/seed';
import { wipeData } from '../db/reset';
import { fetchOpenApiDocument, fillPath, operationsOf, responseValidator, type OpenApiDocument } from '../../testing/openapi-document';
import { api, useTestApp } from '../../testing/test-app';

const t = useTestApp();
let document: OpenApiDocument;
beforeAll(async () => {
  document = await fetchOpenApiDocument(t.app);
});

/**
 * 'GET /api/insurance/{id}' for each operation that docs/api.md names at the head of an item of its route-by-route
 * list; one item may name several ('- `GET /api/insurance/{userId}`, `GET /api/insurance-plans/{userId}`: …').
 */
function routesOfApiGuide(): string[] {
  const guide = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
  const start = guide.indexOf('\n## Route by route');
  expect(start, 'docs/api.md has a section "## Route by route"').toBeGreaterThanOrEqual(0);
  const end = guide.indexOf('\n## ', start + 1);
  const section = guide.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/^- ((?:`(?:GET|POST|PATCH|DELETE|PUT) \/api\/[^`]*`(?:,\s+)?)+):/gm)].flatMap((item) =>
    [...item[1]!.matchAll(/`([^`]*)`/g)].map((route) => route[1]!),
  );
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document) as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents the same routes as docs/api.md, each once, no more and no fewer', () => {
    const documented = operationsOf(document).map(({ method, path }) => `${method} ${path}`);
    expect([...documented].sort()).toEqual([...routesOfApiGuide()].sort());
  });

  it('gives every operation a summary, each path parameter a schema, and every response a description', () => {
    for (const { method, path, operation, pathParams } of operationsOf(document)) {
      expect(operation.summary, `${method} ${path}`).toBeTruthy();
      const parameters = (operation.parameters ?? []) as Array<{ in: string; name: string; schema?: object }>;
      expect(parameters.filter((p) => p.in === 'path').map((p) => p.name).sort(), `${method} ${path}`).toEqual([...pathParams].sort());
      for (const parameter of parameters) expect(parameter.schema, `${method} ${path} ${parameter.name}`).toBeDefined();
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        expect((response as { description?: string }).description, `${method} ${path} ${status}`).toBeTruthy();
      }
    }
  });

  it('declares the error shape for every refusal', () => {
    for (const { method, path, operation } of operationsOf(document)) {
      const refusals = Object.entries(operation.responses ?? {}).filter(([status]) => Number(status) >= 400);
      expect(refusals.map(([status]) => status), `${method} ${path}`).toContain('500');
      for (const [status, response] of refusals) {
        const schema = (response as { content?: Record<string, { schema?: unknown }> }).content?.['application/json']?.schema;
        expect(schema, `${method} ${path} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
    expect(document.components?.schemas?.Error).toMatchObject({ type: 'object', required: ['message'] });
  });
});

describe('GET /api/docs', () => {
  it('is the document as a plain page: every operation, no script', async () => {
    const response = await api(t.app, 'GET', '/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const { method, path } of operationsOf(document)) expect(response.body).toContain(`${method} ${path}`);
    expect(response.body).toContain('<a href="/api/openapi.json">');
    expect(response.body).not.toMatch(/<script/i);
  });
});

describe('every GET on the demo data', () => {
  it('answers 200 with a body that the documented 200 schema accepts', async () => {
    await wipeData(t.db);
    await seedIfEmpty(t.db);
    const [plan] = (await api(t.app, 'GET', '/api/insurance/1')).body;
    const [record] = (await api(t.app, 'GET', '/api/medical-records/1')).body;
    const [appointment] = (await api(t.app, 'GET', '/api/appointments/1')).body;
    const [medication] = (await api(t.app, 'GET', '/api/medications/1')).body;
    const ids = { userId: 1, id: record.id, insuranceId: plan.id, medicationId: medication.id };
    // An {id} names a row of the path's own resource.
    const idsOf = (path: string) => (path.startsWith('/api/appointments/') ? { ...ids, id: appointment.id } : ids);
    const check = responseValidator(document);
    const gets = operationsOf(document).filter(({ method }) => method === 'GET');
    expect(gets.length).toBeGreaterThanOrEqual(10);
    for (const { path } of gets) {
      const response = await api(t.app, 'GET', fillPath(path, idsOf(path)));
      expect(response.status, path).toBe(200);
      // Documents' bytes, calendar files and the archive are not JSON; their own route tests check what they hold.
      if (path.endsWith('/file') || path.endsWith('.ics') || path.startsWith('/api/export')) continue;
      expect(check(path, 'GET', 200, response.body), path).toEqual([]);
      // Sessions, tokens and the access log are the signing-in browser's, which the demo has none of.
      const signInData = path.startsWith('/api/security/');
      if (Array.isArray(response.body) && !signInData) expect(response.body.length, `${path} has demo data`).toBeGreaterThan(0);
    }
  });

  it('is checked by a validator that refuses a body the schema does not describe', async () => {
    const check = responseValidator(document);
    expect(check('/api/users/{id}', 'GET', 200, { id: 1 })).not.toEqual([]);
    expect(check('/api/activities/{userId}', 'GET', 200, [{ id: 'one' }])).not.toEqual([]);
  });
});
