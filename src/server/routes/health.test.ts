import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestDatabase } from '../../testing/test-database';
import { api, useTestApp } from '../../testing/test-app';

const t = useTestApp();

describe('GET /api/health', () => {
  it('answers ok with the kind of database it reached', async () => {
    const response = await api(t.app, 'GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: t.database.kind });
    expect(['pglite', 'postgres']).toContain(t.database.kind);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with a JSON message, revealing nothing of the cause, when the database cannot be reached', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ database });
    try {
      await database.close();
      const response = await api(app, 'GET', '/api/health');
      expect(response.status).toBe(503);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).toEqual({ message: 'The database is not answering' });
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      await app.close();
    }
  });
});
