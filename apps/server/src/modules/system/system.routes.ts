import type { FastifyInstance } from 'fastify';
import { fail, ok, ResultCode, systemContract } from '@care/shared';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import type { RouteDeclaration } from '../../platform/http/route-table.js';
import { SystemConfigService } from './system.service.js';

const unsignedPublic: RouteDeclaration = { access: 'public', signature: false };

export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext): void {
  const systemConfig = new SystemConfigService(ctx.database.db);
  registerContract(app, systemContract.getSystemConfig, () => systemConfig.get());

  // Load balancers call this without the client library, so it is the one unsigned API route.
  app.get('/online/health', { config: unsignedPublic }, async (_request, reply) => {
    const up = await ctx.database.ping();
    const state = { status: up ? 'UP' : 'DOWN', database: { driver: ctx.database.driver, status: up ? 'UP' : 'DOWN' } };
    return reply.code(up ? 200 : 503).send(up ? ok(state) : { ...fail(ResultCode.serverError, '数据库不可用'), result: state });
  });
}
