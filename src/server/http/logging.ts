/**
 * Logger options: JSON lines (pino) that never carry secrets. Requests are logged as method, route
 * pattern (or path) without the query string, and status; no headers, bodies, cookies or tokens. One line per request,
 * when it ends (OneLinePerRequest).
 */
import { LogController, type FastifyRequest, type FastifyReply } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

/** The route pattern when it has parameters (so /sandbox/api/captcha/:token hides the token), else the path without query. */
const pathOf = (req: FastifyRequest) => {
  const pattern = req.routeOptions?.url;
  return pattern?.includes(':') ? pattern : req.url.split('?')[0];
};

/** Error messages can quote SQL parameters (drizzle: "Failed query: ... params: ..."): keep the first clause only. */
export const safeErrorMessage = (message: string) => message.split(/\nparams:|\bparams:/)[0]!.slice(0, 300);

const serializeError = (err: Error & { code?: string; cause?: unknown }) => {
  const cause = err.cause instanceof Error ? err.cause : null;
  return {
    type: err.name,
    code: err.code ?? (cause as { code?: string } | null)?.code,
    message: safeErrorMessage(cause?.message ?? err.message),
    // Only the frames: the first lines of a stack repeat the message, parameters included.
    stack: err.stack?.split('\n').filter((l) => /^\s+at /.test(l)).slice(0, 8).join('\n'),
  };
};

/**
 * What a request's line says of it is an allow-list, the serializers below: the request's method, route pattern and ip,
 * the answer's status; never its headers, cookies, query or body. No redaction pass runs after them (pino's `redact`
 * cloned and walked every line for paths the serializers never write, half the cost of a line; decision 0024).
 */
export function loggerOptions(level: string, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, path: pathOf(req), ip: req.ip }),
      res: (res: FastifyReply) => ({ statusCode: res.statusCode }),
      err: serializeError,
    },
  };
}

/**
 * One line per request, when its answer is sent or it is cut off: its method, path, ip, status and time together
 * (Fastify's default writes "incoming request" and "request completed": two serialized lines, two writes to stdout
 * per request at LOG_LEVEL info; decision 0024). Errors are logged as before by the error handler.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() { /* logged with its outcome */ }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
