import type { FastifyInstance } from 'fastify';
import { authContract } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import { PermissionCatalog, permissionsFor } from './permission.service.js';

export function registerPermissionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const catalog = new PermissionCatalog(ctx.database.db);
  registerContract(app, authContract.getUserPermissionByToken, ({ request }) => permissionsFor(ctx.database.db, catalog, ctx.moduleGate, requireSession(request)));
}
