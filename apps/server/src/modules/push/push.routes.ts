import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { PUSH_WS_PATH, pushContract, pushSocketQuerySchema } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import type { RouteDeclaration } from '../../platform/http/route-table.js';
import { PushHub } from '../../platform/push/push-hub.js';
import { issuePushTicket } from '../../platform/push/push-ticket.js';
import { topicsOf } from '../../platform/push/routing.js';

/**
 * Live push (spec §4, §7 registerMqWeb): a ticket for the socket, and the socket itself, which
 * forwards what the push bus carries for the site, the user's company and the user.
 */
export async function registerPushRoutes(app: FastifyInstance, ctx: AppContext): Promise<PushHub> {
  // The browser sends nothing on the socket; a tiny frame limit keeps it that way.
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 } });
  const hub = new PushHub({ bus: ctx.push, db: ctx.database.db, log: ctx.log });
  app.addHook('preClose', async () => hub.close());

  registerContract(app, pushContract.registerMqWeb, async ({ request }) => {
    const session = requireSession(request);
    const { ticket, expiresIn } = await issuePushTicket(ctx.database.db, session);
    return { ticket, expiresIn, wsPath: PUSH_WS_PATH, topics: topicsOf(ctx.config.siteId, session) };
  });

  // Signed like any GET (query), authenticated by the single-use ticket instead of the token header.
  const config: RouteDeclaration = { access: 'authenticated', credential: 'push-ticket' };
  app.get(PUSH_WS_PATH, { websocket: true, config, schema: { querystring: pushSocketQuerySchema } }, (socket, request) => {
    hub.add(socket, requireSession(request));
  });
  return hub;
}
