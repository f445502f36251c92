import type { FastifyInstance } from 'fastify';
import { workplaceContract } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import { registerContract } from '../../platform/http/register.js';
import type { ModuleContext } from '../module.js';
import { workplaceOverview, workTasks } from './workplace.service.js';

export function registerWorkplaceRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const deps = { db: ctx.database.db, moduleGate: ctx.moduleGate, modules: ctx.modules };
  registerContract(app, workplaceContract.overview, ({ request }) => workplaceOverview(deps, requireSession(request)));
  registerContract(app, workplaceContract.tasks, ({ body, request }) => workTasks(deps, requireSession(request), body));
}
