import { describe, expect, it } from 'vitest';
import { createAccessToken } from '../auth/access-tokens';
import { createMedicalRecord } from '../../testing/factories';
import { fetchOpenApiDocument, fillPath, operationsOf, type Operation } from '../../testing/openapi-document';
import { api, useTestApp } from '../../testing/test-app';
import { TOKEN_NOT_HERE } from './current-patient';
import { TOKEN_EXTENSION } from './openapi';

// The OpenAPI document says which operations refuse a personal access token (Settings → Security): a sweep generated
// from it shows that exactly those answer a valid read-write token 403 'An access token cannot change how you sign in'.

const t = useTestApp();

const refusesTokens = ({ operation }: Operation) => (operation as Record<string, unknown>)[TOKEN_EXTENSION] === 'refused';
const isPublic = ({ operation }: Operation) => Array.isArray(operation.security) && operation.security.length === 0;
const key = ({ method, path }: Operation) => `${method} ${path}`;

describe('operations that refuse a personal access token', () => {
  it('are marked in the document: the cookie scheme only, the extension, and a sentence', async () => {
    const operations = operationsOf(await fetchOpenApiDocument(t.app));
    const refusing = operations.filter(refusesTokens);
    expect(refusing.map(key)).toEqual(expect.arrayContaining(['GET /api/security', 'PUT /api/security/passphrase', 'POST /api/security/tokens']));
    for (const operation of refusing) {
      expect(operation.path, key(operation)).toMatch(/^\/api\/security(\/|$)/);
      expect(operation.operation.security, key(operation)).toEqual([{ sessionCookie: [] }]);
      expect(operation.operation.description, key(operation)).toContain('A personal access token is refused here (403)');
      expect(Object.keys(operation.operation.responses ?? {}), key(operation)).toContain('403');
    }
  });

  it('are exactly those that answer a token 403 for being a token', async () => {
    const operations = operationsOf(await fetchOpenApiDocument(t.app)).filter((operation) => !isPublic(operation));
    const { token } = await createAccessToken(t.db, t.userId, 'script', 'read-write');
    const record = await createMedicalRecord(t.db, t.userId);
    for (const operation of operations) {
      const path = fillPath(operation.path, Object.fromEntries(operation.pathParams.map((param) => [param, param === 'id' ? record.id : t.userId])));
      // GET only beyond Settings → Security: what a token may do is not this test's, and a write would change the record.
      if (!refusesTokens(operation) && operation.method !== 'GET') continue;
      const body = ['GET', 'DELETE'].includes(operation.method) ? undefined : {};
      const response = await api(t.app, operation.method, path, body, { authorization: `Bearer ${token}` });
      const refused = response.status === 403 && (response.body as { message?: string } | null)?.message === TOKEN_NOT_HERE;
      expect(refused, key(operation)).toBe(refusesTokens(operation));
    }
  });
});
