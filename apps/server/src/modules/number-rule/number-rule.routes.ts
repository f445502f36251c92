import type { FastifyInstance } from 'fastify';
import { numberRuleContract } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './number-rule.service.js';

export function registerNumberRuleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const c = numberRuleContract;
  registerContract(app, c.list, ({ body }) => service.pageRules(db, body));
  registerContract(app, c.add, ({ body, request }) => service.addRule(db, requireSession(request), body));
  registerContract(app, c.edit, ({ body, request }) => service.editRule(db, requireSession(request), body));
  registerContract(app, c.delete, ({ body }) => service.deleteRule(db, body.id));
}
