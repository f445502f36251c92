import type { FastifyInstance } from 'fastify';
import { leadChannelContract as c } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './lead-channel.service.js';

export function registerLeadChannelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.list, ({ body, request }) => service.pageLeadChannels(db, requireSession(request), body));
  registerContract(app, c.queryById, ({ body, request }) => service.getLeadChannel(db, requireSession(request), body.id));
  registerContract(app, c.add, ({ body, request }) => service.addLeadChannel(db, requireSession(request), body));
  registerContract(app, c.edit, ({ body, request }) => service.editLeadChannel(db, requireSession(request), body));
  registerContract(app, c.updateStatus, ({ body, request }) => service.setLeadChannelEnabled(db, requireSession(request), body.id, body.enabled));
  registerContract(app, c.options, ({ request }) => service.leadChannelOptions(db, requireSession(request)));
}
