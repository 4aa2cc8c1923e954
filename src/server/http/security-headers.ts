import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { API_DOCS_STYLE } from './api-docs';

/** The CSP source of an inline <style> whose text never changes, so it needs no 'unsafe-inline'. */
const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/**
 * Browser features the app never uses are switched off for it and for anything it frames; a passkey is asked for by
 * the app's own pages only. Clipboard writes (Copy buttons) need no entry: they follow the user's click.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
].join(', ');

/**
 * Helmet's headers with a tighter content security policy than its defaults, and a Permissions-Policy.
 * - Styles and fonts come from the app's own files only: the build emits CSS files and no fonts, React's style props
 *   are set through the CSSOM (which CSP does not govern), and the one inline <style> (the API's documentation page)
 *   is allowed by its hash. Radix's scroll lock injects a <style> too; the app's stylesheet carries its rule instead.
 * - No page may be framed, by another site or by the app itself ('none', and X-Frame-Options DENY for old
 *   browsers). The document viewer's file answers say 'self' for themselves (routes/medical-records.ts).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Self-hosted on plain http on a laptop or LAN: upgrading would break every request.
        upgradeInsecureRequests: null,
        // Avatars are kept as image data URLs.
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", styleHash(API_DOCS_STYLE)],
        fontSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
}
