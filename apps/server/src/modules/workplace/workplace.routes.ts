import type { FastifyInstance } from 'fastify';
import { workplaceContract } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import { workplaceOverview, workTasks } from './workplace.service.js';

export function registerWorkplaceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = { db: ctx.database.db, moduleGate: ctx.moduleGate };
  registerContract(app, workplaceContract.overview, ({ request }) => workplaceOverview(deps, requireSession(request)));
  registerContract(app, workplaceContract.tasks, ({ body, request }) => workTasks(deps, requireSession(request), body));
}
