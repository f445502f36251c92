import type { FastifyInstance } from 'fastify';
import { checkRuleContract } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './check-rule.service.js';

export function registerCheckRuleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const c = checkRuleContract;
  registerContract(app, c.list, ({ body }) => service.pageRules(db, body));
  registerContract(app, c.add, ({ body, request }) => service.addRule(db, requireSession(request), body));
  registerContract(app, c.edit, ({ body, request }) => service.editRule(db, requireSession(request), body));
  registerContract(app, c.delete, ({ body }) => service.deleteRule(db, body.id));
  registerContract(app, c.checkByCode, ({ body }) => service.checkByCode(db, body.ruleCode, body.value, ctx.log));
}
