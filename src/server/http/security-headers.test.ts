import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMedicalRecord } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...sources] = part.split(/\s+/);
        return [name!, sources.join(' ')];
      }),
  );
}

describe('the content security policy and Permissions-Policy', () => {
  it.each(['/api/health', '/', '/api/nope'])('%s: styles and fonts from the app only, framed by nobody', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('style-src')).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]+')*$/);
    expect(csp.get('font-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    const permissions = String(response.headers['permissions-policy']);
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'publickey-credentials-get=(self)']) {
      expect(permissions).toContain(feature);
    }
  });

  it("allows the API documentation's inline style by its hash", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const style = /<style>([^<]*)<\/style>/.exec(response.body)?.[1];
    expect(style).toBeTruthy();
    const hash = `'sha256-${createHash('sha256').update(style!).digest('base64')}'`;
    expect(directives(response.headers['content-security-policy']).get('style-src')).toContain(hash);
  });

  it("lets the app's document viewer frame a document, and nobody else", async () => {
    const record = await createMedicalRecord(t.db, t.userId);
    const response = await t.app.inject({ method: 'GET', url: `/api/medical-records/${record.id}/file` });
    expect(response.statusCode).toBe(200);
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toBe("'self'");
    expect(csp.has('sandbox')).toBe(true);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
