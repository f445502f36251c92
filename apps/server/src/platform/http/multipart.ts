import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorText, fail, ResultCode } from '@care/shared';
import { AppError, BizError } from '../errors.js';
import { noteFailureCode } from '../audit/visit-log.js';
import type { RouteDeclaration } from './route-table.js';

export const MultipartText = {
  notHere: '该接口不接受文件上传',
  fieldsInQuery: '上传表单只能包含文件，其余参数请放在查询参数中',
} as const;

const MULTIPART = /^multipart\//i;

export function isMultipartRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && MULTIPART.test(type);
}

/**
 * Multipart, only where a route declares it. The parser only marks the request (the body stays
 * unread in the socket); the guards check the signature (over the query) and the session, and only
 * then does the handler stream the one file part with its route's limits (`readUploadedFile`).
 * A multipart request to any other route is refused at `onRequest`, before a byte of its body is
 * read; a refused request whose body was not read closes its connection, so nothing drains it.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  // Defaults only: every read passes its route's limits.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 0, parts: 1, fileSize: 0 } });

  app.addHook('onRequest', async (request, reply) => {
    if (!isMultipartRequest(request)) return;
    const declaration = request.routeOptions.config as Partial<RouteDeclaration> | undefined;
    // No declaration: no route matched; the not-found handler answers without reading the body.
    if (!declaration?.access || declaration.multipart) return;
    noteFailureCode(request, ResultCode.business);
    return reply.code(415).header('connection', 'close').type('application/json; charset=utf-8').send(fail(ResultCode.business, MultipartText.notHere));
  });

  app.addHook('onSend', async (request, reply) => {
    if (isMultipartRequest(request) && !request.raw.complete) reply.header('connection', 'close');
  });
}

/** The route's one `file` part, streamed after the guards ran; undefined when the form has none. */
export async function readUploadedFile(request: FastifyRequest): Promise<{ filename: string; data: Buffer } | undefined> {
  const declared = (request.routeOptions.config as Partial<RouteDeclaration>).multipart;
  if (!declared) throw new Error(`${request.routeOptions.url} reads a file without declaring multipart`);
  if (!request.isMultipart()) return undefined;
  const tooBig = () => new AppError(ResultCode.business, declared.tooBig ?? ErrorText.bodyTooLarge, 413);
  try {
    const part = await request.file({ limits: { fileSize: declared.fileSize, files: 1, fields: 0, parts: 1 } });
    if (!part || part.fieldname !== 'file') return undefined;
    return { filename: part.filename, data: await part.toBuffer() };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooBig();
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') throw new BizError(MultipartText.fieldsInQuery);
    throw err;
  }
}
