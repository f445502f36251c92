import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NURSE_LINK_IMAGE_PREFIX, NURSE_LINK_TOKEN_HEADER, NURSE_LINK_UPLOAD_PATH, nurseLinkContract as c, nurseSelfContract as self, ok, UPLOAD_MAX_BYTES } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { readUploadedFile } from '../../platform/http/multipart.js';
import { registerContract } from '../../platform/http/register.js';
import type { RouteDeclaration } from '../../platform/http/route-table.js';
import { LocalFileStorage } from '../../platform/storage.js';
import * as service from './nurse-link.service.js';

// Public (no session) but signed like every call: the link's token in its header is the credential.
const linkPublic: RouteDeclaration = { access: 'public' };
const linkUpload: RouteDeclaration = { ...linkPublic, multipart: { fileSize: UPLOAD_MAX_BYTES } };

const HEADER = NURSE_LINK_TOKEN_HEADER.toLowerCase();

function linkToken(request: FastifyRequest): string | undefined {
  const value = request.headers[HEADER];
  return typeof value === 'string' ? value : undefined;
}

export function registerNurseLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const storage = new LocalFileStorage(ctx.config.dataDir);

  registerContract(app, c.list, ({ body, request }) => service.listLinks(db, requireSession(request), body.nurseId));
  registerContract(app, c.add, ({ body, request }) => service.issueLink(db, requireSession(request), body));
  registerContract(app, c.revoke, ({ body, request }) => service.revokeLink(db, requireSession(request), body));

  registerContract(app, self.profile, ({ request }) => service.selfProfile(db, linkToken(request)));
  registerContract(app, self.contact, ({ body, request }) => service.selfContact(db, storage, linkToken(request), body));
  registerContract(app, self.saveCertificate, ({ body, request }) => service.selfSaveCertificate(db, storage, linkToken(request), body));
  registerContract(app, self.removeCertificate, ({ body, request }) => service.selfRemoveCertificate(db, linkToken(request), body.id));
  registerContract(app, self.addLeave, ({ body, request }) => service.selfAddLeave(db, linkToken(request), body));
  registerContract(app, self.removeLeave, ({ body, request }) => service.selfRemoveLeave(db, linkToken(request), body.id));

  // Multipart `file`; like the staff upload, the answer's message is the stored path.
  app.post(NURSE_LINK_UPLOAD_PATH, { config: linkUpload }, async (request) => {
    const stored = await service.selfUpload(db, storage, linkToken(request), () => readUploadedFile(request));
    return { ...ok(stored), message: stored };
  });

  app.get(`${NURSE_LINK_IMAGE_PREFIX}*`, { config: linkPublic }, async (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    const image = await service.selfImage(db, storage, linkToken(request), relative);
    return reply
      .header('content-type', image.mime)
      .header('content-disposition', `inline; filename="${image.name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(image.data);
  });
}
