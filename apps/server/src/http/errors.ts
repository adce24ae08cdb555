// One error handler for every route: contract errors pass through, everything else is logged and
// answered as 500 `Internal server error` without its own text.
import { ERR, type ErrText } from '@cashdesk/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from './outcome.js';

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
