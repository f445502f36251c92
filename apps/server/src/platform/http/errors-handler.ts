import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorText, fail, httpStatusOf, ResultCode } from '@care/shared';
import { AppError } from '../errors.js';
import { isRetryable } from '../db/transaction.js';
import { noteFailureCode } from '../audit/visit-log.js';

/**
 * The one place failures become envelopes. Typed errors carry their code and message; validation
 * names the field; anything else is logged and answered without internals.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, error.httpStatus ?? httpStatusOf[error.code], fail(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const text = first?.message ?? '参数校验失败';
      const message = field ? `${field}: ${text}` : text;
      return send(reply, 422, fail(ResultCode.business, message));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return send(reply, 413, fail(ResultCode.business, ErrorText.bodyTooLarge));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, unsupported media type and the like: the caller's fault, said plainly.
      return send(reply, error.statusCode, fail(ResultCode.business, '请求格式错误'));
    }
    if (isRetryable(error) || isPoolTimeout(error)) {
      // A transaction outside inTransaction lost to a concurrent one, or no connection came free in
      // time: the request may simply be sent again (409), it is no server fault (docs/money.md).
      request.log.warn({ err: error }, 'request lost to concurrency');
      return send(reply, 409, fail(ResultCode.business, isRetryable(error) ? ErrorText.retryLater : ErrorText.busyRetry));
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, fail(ResultCode.serverError, ErrorText.serverError));
  });

  app.setNotFoundHandler((_request, reply) => send(reply, 404, fail(ResultCode.notFound, ErrorText.notFound)));
}

/** pg's pool waited connectionTimeoutMillis for a client; PGlite's serial pool waited its acquire timeout. */
function isPoolTimeout(error: Error): boolean {
  return /^timeout exceeded when trying to connect$|^Embedded database busy for more than/.test(error.message ?? '');
}

function send(reply: FastifyReply, status: number, body: { code: string }) {
  noteFailureCode(reply.request, body.code);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
