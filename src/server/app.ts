import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { LOOPBACK_SIGN_IN, type SignInSettings } from './auth/sign-in-settings';
import type { DatabaseHandle } from './db/client';
import { loopbackHosts } from './http/allowed-hosts';
import { registerContracts } from './http/contract';
import { registerCurrentPatient } from './http/current-patient';
import { answerFrameworkError, registerErrorHandler } from './http/error-handler';
import { registerOpenApi } from './http/openapi';
import { isApiPath, isAssetPath, pathOf, WRITE_METHODS } from './http/paths';
import { registerRequestOriginGuard } from './http/request-origin';
import { registerSecurityHeaders } from './http/security-headers';
import { fastifyTrustProxy, type TrustProxy } from './core/trust-proxy';
import { API_ONLY_PAGE, registerWebApp } from './http/web-app';
import { safeLogging } from './logging/request-log';
import { activitiesRoutes } from './routes/activities';
import { appointmentCalendarRoutes } from './routes/appointment-calendar';
import { archiveRoutes } from './routes/archive';
import { appointmentsRoutes } from './routes/appointments';
import { chatRoutes } from './routes/chat';
import { fhirImportRoutes } from './routes/fhir-import';
import { healthRoutes } from './routes/health';
import { insuranceRoutes } from './routes/insurance';
import { medicalRecordsRoutes } from './routes/medical-records';
import { observationsRoutes } from './routes/observations';
import { medicationsRoutes } from './routes/medications';
import { notificationsRoutes } from './routes/notifications';
import { onboardingRoutes } from './routes/onboarding';
import { passkeyRoutes } from './routes/passkeys';
import { preventativeCareRoutes } from './routes/preventative-care';
import { providersRoutes } from './routes/providers';
import { healthListsRoutes } from './routes/health-lists';
import { recommendationsRoutes } from './routes/recommendations';
import { securityRoutes } from './routes/security';
import { sessionRoutes } from './routes/session';
import { setupRoutes } from './routes/setup';
import { usersRoutes } from './routes/users';
import { CHATS_OFF, type ChatDependencies } from './services/chat/chat-dependencies';
import type { ConfirmationCaller } from './services/confirmation-call/types';
import type { NotificationChannels } from './services/notifications/channels/types';
import type { NotificationChannel } from '../shared/rules/notifications';

export interface AppDependencies {
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** The built browser app (dist/web). Without it, / answers with a page saying the API runs. */
  webRoot?: string | null;
  /**
   * Host names this app answers to: main.ts passes allowedHostsFor(env). Without it, the loopback names on
   * port 80, which is what inject() sends (Host: localhost:80); a server that forgot it refuses its own pages.
   */
  allowedHosts?: readonly string[];
  /**
   * The call to the provider after a quick-scheduled appointment: main.ts passes confirmationCallerFor(env), tests a
   * caller pointing at a local server. Without it, no call is made.
   */
  confirmationCaller?: ConfirmationCaller;
  /**
   * What answers the chats (n8n, a language model) and their per-minute limit: main.ts passes them from the
   * environment, tests point them at local stand-ins. Without it, the built-in assistant answers with its rules.
   */
  chat?: Partial<ChatDependencies>;
  /** Session limits and whether the app is reachable beyond loopback (ADR 17). Without it: loopback, 30 min / 7 days. */
  signIn?: SignInSettings;
  /** The most a backup may be, sent or unpacked (ARCHIVE_MAX_MB, ADR 18). Without it: 8 GiB. */
  maxArchiveBytes?: number;
  /** TRUST_PROXY: the proxy that may say who the client is. Without it: none, the connecting address is the client. */
  trustProxy?: TrustProxy;
  /**
   * The channels beyond the app that this server was configured with (SMTP_URL, NTFY_URL, …), as main.ts makes them
   * from the environment; Settings → Notifications shows which are available. Without it: none, the bell only.
   */
  notificationChannels?: NotificationChannels;
}

const DEFAULT_MAX_ARCHIVE_BYTES = 8192 * 2 ** 20;

/** The channels that have a sender. */
function configuredChannels(channels: NotificationChannels): ReadonlySet<NotificationChannel> {
  return new Set((Object.keys(channels) as NotificationChannel[]).filter((channel) => channels[channel] !== undefined));
}

/** Everything but the socket: tests build the same app and talk to it through inject(). */
export async function buildApp({
  database,
  logger = false,
  webRoot = null,
  allowedHosts = loopbackHosts(80),
  confirmationCaller,
  chat,
  signIn = LOOPBACK_SIGN_IN,
  maxArchiveBytes = DEFAULT_MAX_ARCHIVE_BYTES,
  trustProxy = false,
  notificationChannels = {},
}: AppDependencies) {
  const app = Fastify({
    trustProxy: fastifyTrustProxy(trustProxy),
    // Whatever logger the caller asked for logs no request body, query value or SQL value (logging/request-log.ts).
    ...safeLogging(logger),
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  });
  // First of all: a request from another web site is refused before anything reads it.
  registerRequestOriginGuard(app, allowedHosts);
  // The API speaks JSON only: without Fastify's default text/plain parser any other body is a 415.
  app.removeContentTypeParser('text/plain');

  // Helmet's headers, a strict content security policy and a Permissions-Policy (http/security-headers.ts).
  await registerSecurityHeaders(app);

  // gzip/brotli for JSON and the app's JS and CSS (about a third of their size); PDFs and images pass as they are.
  await app.register(compress, { threshold: 1024 });

  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (isApiPath(pathOf(request.url))) reply.header('Cache-Control', 'no-store');
  });

  // On PGlite, a write is on the disk before its answer leaves (ADR 18): the answer to a change that succeeded waits
  // for the sync pass. A pass that fails is logged; the write itself stands.
  const { syncToDisk } = database;
  if (syncToDisk) {
    app.addHook('onSend', async (request, reply) => {
      if (!WRITE_METHODS.has(request.method) || reply.statusCode >= 400) return;
      // Signing in and out opts out (routes/session.ts): a session is not worth the pass.
      if ((request.routeOptions.config as { syncToDisk?: boolean }).syncToDisk === false) return;
      await syncToDisk().catch((error: unknown) => request.log.error({ err: error }, 'could not sync the data folder to disk'));
    });
  }

  registerErrorHandler(app);
  registerContracts(app);
  registerCurrentPatient(app, database.db, signIn);
  await registerOpenApi(app);

  const { db } = database;
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(sessionRoutes, { db, signIn });
      await api.register(passkeyRoutes, { db, signIn });
      await api.register(securityRoutes, { db, signIn });
      await api.register(setupRoutes, { db, signIn });
      await api.register(usersRoutes, { db });
      await api.register(onboardingRoutes, { db });
      await api.register(activitiesRoutes, { db });
      await api.register(medicalRecordsRoutes, { db });
      await api.register(insuranceRoutes, { db });
      await api.register(preventativeCareRoutes, { db });
      await api.register(recommendationsRoutes, { db });
      await api.register(appointmentsRoutes, { db, confirmationCaller });
      await api.register(appointmentCalendarRoutes, { db });
      await api.register(providersRoutes, { db });
      await api.register(healthListsRoutes, { db });
      await api.register(medicationsRoutes, { db });
      await api.register(observationsRoutes, { db });
      await api.register(notificationsRoutes, { db, available: configuredChannels(notificationChannels) });
      await api.register(archiveRoutes, { db, signIn, maxArchiveBytes });
      await api.register(fhirImportRoutes, { db });
      // Multipart is parsed only here (the chat's attachments); everywhere else it stays a 415, not JSON.
      await api.register(async (chatScope) => {
        await chatScope.register(multipart);
        await chatScope.register(chatRoutes, { db, chat: { ...CHATS_OFF, ...chat } });
      });
    },
    { prefix: '/api' },
  );

  if (webRoot) await registerWebApp(app, webRoot);

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    // A missing asset is a chunk of an older build (a tab opened before a rebuild): the app in its place
    // would fail in the browser as a script of the wrong type, so it is a plain 404.
    if (isAssetPath(path)) return reply.status(404).send({ message: `No such file: ${path}` });
    const isPageRequest = !isApiPath(path) && (request.method === 'GET' || request.method === 'HEAD');
    // Every other path outside /api belongs to the app, which routes on the client and shows its own 404.
    if (isPageRequest && webRoot) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    if (isPageRequest && path === '/') return reply.type('text/html; charset=utf-8').send(API_ONLY_PAGE);
    return reply.status(404).send({ message: `No such endpoint: ${request.method} ${path}` });
  });

  return app;
}
