// One error handler for every route: contract errors pass through, everything else is logged and
// answered as 500 `Internal server error` without its own text.
import { ERR, type ErrText } from '@cashdesk/contract';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';
import { securityHeaders } from './response-headers.js';

/** Fastify's own client errors (bad JSON, wrong content type, too large), mapped to the contract. */
function clientError(error: FastifyError): { status: number; err: ErrText; message?: string } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 415, err: ERR.unsupportedMediaType };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, err: ERR.validation, message: 'body too large' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, err: ERR.validation, message: 'body must not be empty' };
    default:
      if (error.statusCode === 400 && error instanceof SyntaxError) {
        return { status: 400, err: ERR.validation, message: 'body is not valid JSON' };
      }
      if (error.code?.startsWith('FST_ERR_CTP') || (error.statusCode ?? 500) < 500) {
        return {
          status: error.statusCode && error.statusCode < 500 ? error.statusCode : 400,
          err: ERR.validation,
          message: 'bad request',
        };
      }
      return null;
  }
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send({ err: error.err, ...error.details });
    }
    const client = clientError(error);
    if (client) {
      const issues = client.message ? [{ path: '', message: client.message }] : undefined;
      return reply.status(client.status).send({ err: client.err, ...(issues ? { issues } : {}) });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ err: ERR.internal });
  });
}

/**
 * Fastify option `frameworkErrors`: errors Fastify meets before any route, such as a path with a
 * malformed percent-encoding (FST_ERR_BAD_URL), answered in the contract's format instead of Fastify's
 * own `{error, code, message}`. No route matched, so no onSend hook runs: the security headers are set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const bad = error.code === 'FST_ERR_BAD_URL';
  void reply
    .headers(securityHeaders(request, { https: false }))
    .status(400)
    .send({
      err: ERR.validation,
      issues: [{ path: bad ? 'url' : '', message: bad ? 'is not a valid URL' : 'bad request' }],
    });
}

/**
 * Fastify option `clientErrorHandler`: requests Node's HTTP parser refuses before Fastify sees them
 * (headers past the limit, a malformed request line, a timeout). Written straight to the socket, in the
 * contract's format; the connection is closed after it, as Node does.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, issue] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', { path: 'headers', message: 'are too large' }]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', { path: '', message: 'request timed out' }]
        : [400, 'Bad Request', { path: '', message: 'malformed HTTP request' }];
  const body = JSON.stringify({ err: ERR.validation, issues: [issue] });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
