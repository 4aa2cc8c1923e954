import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { pathOf } from '../http/paths';
import { errorForLog } from './error-for-log';
import { textSafeToLog } from './log-text';

/**
 * What a request's log line says about it: its method and its path, never its query string, headers, host,
 * address or body. The paths of this API are fixed words and ids. A path nobody routes (a 404) is logged as the
 * client sent it, without its query: it is what the client chose to ask for, and the app never puts a patient's
 * data into a path, so only someone typing one by hand could.
 */
function requestForLog(request: { method?: string; url?: string }) {
  return { method: request.method, path: pathOf(request.url ?? '') };
}

/**
 * Fastify's request lines, reshaped: one line at info when a request is answered (method, path, status, response
 * time and, from the request's logger, its id) and one at debug when it arrives, for a request that never ends.
 * Fastify's own lines would log the whole URL with its query string, the Host header and the client's address.
 */
class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug(requestForLog(request), 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { ...requestForLog(request), statusCode: reply.statusCode, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(requestForLog(request), 'route not found');
  }
}

/** An error, or an outside service's text about one, as the log may hold it. */
function failureForLog(value: unknown): unknown {
  if (value instanceof Error) return errorForLog(value);
  return typeof value === 'string' ? textSafeToLog(value) : value;
}

/**
 * The serializers of every log line. Fastify's other request lines (a stream that failed, a serializer that
 * failed) log `req`, `res` and `err` through these; `error` and `answer` are where a failed confirmation call's
 * details are logged (what fetch said, the start of the call service's answer), without a URL or an address.
 */
export const logSerializers = {
  err: errorForLog,
  req: requestForLog,
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  error: failureForLog,
  answer: failureForLog,
};

type LoggerOption = FastifyServerOptions['logger'];

/**
 * Fastify's logging options for whatever logger a caller asks for (main.ts its level, a test a stream): the safe
 * serializers replace any of the same name, so no caller can log a request's body, query or a query's values.
 */
export function safeLogging(logger: LoggerOption): { logger: LoggerOption; logController: LogController } {
  const logController = new RequestLogController();
  if (!logger) return { logger: false, logController };
  const options = logger === true ? {} : logger;
  return { logger: { ...options, serializers: { ...options.serializers, ...logSerializers } }, logController };
}
