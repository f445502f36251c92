import type { FastifyInstance } from 'fastify';
import { dataRuleContract } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './data-rule.service.js';

export function registerDataRuleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, dataRuleContract.getPermRuleListByPermId, ({ body, request }) => service.rulesOfPermission(db, requireSession(request), body.permissionId));
  registerContract(app, dataRuleContract.queryPermissionRule, ({ body, request }) => service.pageRules(db, requireSession(request), body));
  registerContract(app, dataRuleContract.addPermissionRule, ({ body, request }) => service.addRule(db, requireSession(request), body));
  registerContract(app, dataRuleContract.editPermissionRule, ({ body, request }) => service.editRule(db, requireSession(request), body));
  registerContract(app, dataRuleContract.deletePermissionRule, ({ body, request }) => service.deleteRule(db, requireSession(request), body.id));
  registerContract(app, dataRuleContract.listDataRuleColumns, async ({ body }) => service.registeredColumns(body.resource || undefined));
}
