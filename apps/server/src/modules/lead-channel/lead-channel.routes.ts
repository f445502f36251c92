import type { FastifyInstance } from 'fastify';
import { leadChannelContract, leadChannelResource, LeadChannelText } from '@care/shared';
import type { AppContext } from '../../platform/context.js';
import { registerCrud } from '../../platform/crud/register-crud.js';

export function registerLeadChannelRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCrud(app, ctx.database.db, leadChannelResource, leadChannelContract, { unique: [{ field: 'code', message: LeadChannelText.codeTaken }] });
}
