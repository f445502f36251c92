import type { FastifyInstance } from 'fastify';
import { channelContract, channelResource, ChannelText } from '@care/shared';
import type { AppContext } from '../../platform/context.js';
import { registerCrud } from '../../platform/crud/register-crud.js';

export function registerChannelRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCrud(app, ctx.database.db, channelResource, channelContract, { unique: [{ field: 'name', message: ChannelText.nameTaken }] });
}
