import type { FastifyInstance } from 'fastify';
import { checkRuleContract, checkRuleResource, CheckRuleText, type CheckRuleSegment } from '@care/shared';
import type { AppContext } from '../../platform/context.js';
import { registerCrud } from '../../platform/crud/register-crud.js';
import { registerContract } from '../../platform/http/register.js';
import { assertSafeSegments, checkByCode } from './check-rule.service.js';

export function registerCheckRuleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const { checkByCode: check, ...crud } = checkRuleContract;
  registerCrud(app, db, checkRuleResource, crud, {
    unique: [{ field: 'code', message: CheckRuleText.codeTaken }],
    beforeWrite: async (_trx, _session, values) => assertSafeSegments(values.segments as CheckRuleSegment[]),
  });
  registerContract(app, check, ({ body }) => checkByCode(db, body.ruleCode, body.value, ctx.log));
}
