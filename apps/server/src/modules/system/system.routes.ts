import type { FastifyInstance } from 'fastify';
import { fail, ok, ResultCode, SYSTEM_CONFIG_IMAGE_PATH, systemContract } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import type { RouteDeclaration } from '../../platform/http/route-table.js';
import { LocalFileStorage } from '../../platform/storage.js';
import { configDetail, readConfigImage, saveSystemConfig, SystemConfigService } from './system.service.js';

const unsignedPublic: RouteDeclaration = { access: 'public', signature: false };

export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const systemConfig = new SystemConfigService(db);
  const storage = new LocalFileStorage(ctx.config.dataDir);

  registerContract(app, systemContract.getSystemConfig, () => systemConfig.get());
  registerContract(app, systemContract.query, () => configDetail(db));
  registerContract(app, systemContract.edit, async ({ body, request }) => {
    const saved = await saveSystemConfig(db, storage, requireSession(request), body);
    // The login page asks again on its next load and must see the change at once.
    systemConfig.invalidate();
    return saved;
  });

  // The login page shows the configured logo and background before anyone signs in, as plain <img>
  // and CSS images, which cannot sign a request. Only the images the configuration names are served.
  app.get(`${SYSTEM_CONFIG_IMAGE_PATH}:field`, { config: unsignedPublic }, async (request, reply) => {
    const { field } = request.params as { field: string };
    const v = Number((request.query as { v?: string }).v);
    const image = await readConfigImage(systemConfig, storage, field, Number.isInteger(v) ? v : undefined);
    return reply
      .header('content-type', image.mime)
      .header('content-disposition', `inline; filename="${image.name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', image.current ? 'public, max-age=86400' : 'no-cache')
      .send(image.data);
  });

  // Load balancers call this without the client library, so it is unsigned too.
  app.get('/online/health', { config: unsignedPublic }, async (_request, reply) => {
    const up = await ctx.database.ping();
    const state = { status: up ? 'UP' : 'DOWN', database: { driver: ctx.database.driver, status: up ? 'UP' : 'DOWN' } };
    return reply.code(up ? 200 : 503).send(up ? ok(state) : { ...fail(ResultCode.serverError, '数据库不可用'), result: state });
  });
}
