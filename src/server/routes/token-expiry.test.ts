import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessTokens } from '../db/schema/index';
import { TOKEN_NOT_VALID } from '../http/current-patient';
import { api, useTestApp } from '../../testing/test-app';

// A personal access token works for 30 days unless its owner picks another life or none (issue 29); Settings lists
// when each expires and when it was last used.

const t = useTestApp();
const DAY_MS = 24 * 60 * 60_000;

const make = (body: Record<string, unknown>) => api(t.app, 'POST', '/api/security/tokens', { name: 'n8n', scope: 'read', ...body });
const lifeOf = (token: { createdAt: string; expiresAt: string | null }) =>
  token.expiresAt === null ? null : Math.round((Date.parse(token.expiresAt) - Date.parse(token.createdAt)) / DAY_MS);

describe('POST /api/security/tokens', () => {
  it.each([
    ['left out', {}, 30],
    ['90 days', { expiresInDays: 90 }, 90],
    ['a year', { expiresInDays: 365 }, 365],
    ['never', { expiresInDays: null }, null],
  ])('makes a token that expires: %s', async (_case, body, days) => {
    const made = await make(body);
    expect(made.status).toBe(201);
    expect(lifeOf(made.body)).toBe(days);
    const [listed] = (await api(t.app, 'GET', '/api/security/tokens')).body;
    expect(listed).toMatchObject({ id: made.body.id, expiresAt: made.body.expiresAt, lastUsedAt: null });
  });

  it.each([0, 366, 1.5, '30'])('refuses a life of %j days with 400 naming the field', async (expiresInDays) => {
    const refused = await make({ expiresInDays });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^expiresInDays: /);
  });
});

describe('an expired token', () => {
  it('opens nothing: 401, as a revoked one; its last use stays listed', async () => {
    const made = await make({});
    const bearer = { authorization: `Bearer ${made.body.token}` };
    expect((await api(t.app, 'GET', `/api/users/${t.userId}`, undefined, bearer)).status).toBe(200);
    await t.db.update(accessTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accessTokens.id, made.body.id));
    expect(await api(t.app, 'GET', `/api/users/${t.userId}`, undefined, bearer)).toMatchObject({ status: 401, body: { message: TOKEN_NOT_VALID } });
    const [listed] = (await api(t.app, 'GET', '/api/security/tokens')).body;
    expect(listed.lastUsedAt).not.toBeNull();
  });
});
