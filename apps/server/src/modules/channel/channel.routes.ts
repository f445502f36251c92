import type { FastifyInstance } from 'fastify';
import { channelContract as c } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './channel.service.js';

export function registerChannelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.list, ({ body, request }) => service.pageChannels(db, requireSession(request), body));
  registerContract(app, c.queryById, ({ body, request }) => service.getChannel(db, requireSession(request), body.id));
  registerContract(app, c.add, ({ body, request }) => service.addChannel(db, requireSession(request), body));
  registerContract(app, c.edit, ({ body, request }) => service.editChannel(db, requireSession(request), body));
  registerContract(app, c.updateStatus, ({ body, request }) => service.setChannelEnabled(db, requireSession(request), body.id, body.enabled));
  registerContract(app, c.options, ({ request }) => service.channelOptions(db, requireSession(request)));
}
