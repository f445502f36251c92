import type { FastifyInstance } from 'fastify';
import { FILE_PATH_PREFIX, ok, UPLOAD_MAX_BYTES, UPLOAD_PATH } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { readUploadedFile } from '../../platform/http/multipart.js';
import type { RouteDeclaration } from '../../platform/http/route-table.js';
import { LocalFileStorage } from '../../platform/storage.js';
import { readStored, storeUpload } from './upload.service.js';

const signedIn: RouteDeclaration = { access: 'authenticated' };
const uploading: RouteDeclaration = { ...signedIn, multipart: { fileSize: UPLOAD_MAX_BYTES } };

/** Spec §7 upload (multipart `file` + `biz`, query prefixPath) and the signed read-back of stored files. */
export function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const storage = new LocalFileStorage(ctx.config.dataDir);

  // Multipart `file`; `biz` and `prefixPath` travel in the signed query.
  app.post(UPLOAD_PATH, { config: uploading }, async (request) => {
    const file = await readUploadedFile(request);
    const { prefixPath, biz } = request.query as { prefixPath?: string; biz?: string };
    const stored = await storeUpload(storage, requireSession(request), { prefixPath, biz }, file);
    // The spec reads the stored path from `message`.
    return { ...ok(stored), message: stored };
  });

  app.get(`${FILE_PATH_PREFIX}*`, { config: signedIn }, async (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    const stored = await readStored(storage, requireSession(request), relative);
    return reply
      .header('content-type', stored.mime)
      .header('content-disposition', `${stored.inline ? 'inline' : 'attachment'}; filename="${stored.name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=86400')
      .send(stored.data);
  });
}
