import type { FastifyInstance } from 'fastify';
import { numberRuleContract, numberRuleResource, NumberRuleText } from '@care/shared';
import type { AppContext } from '../../platform/context.js';
import { registerCrud } from '../../platform/crud/register-crud.js';
import { withExample } from './number-rule.service.js';

export function registerNumberRuleRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCrud(app, ctx.database.db, numberRuleResource, numberRuleContract, { unique: [{ field: 'code', message: NumberRuleText.codeTaken }], present: withExample });
}
