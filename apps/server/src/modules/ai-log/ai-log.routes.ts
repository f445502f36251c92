import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AI_LOG_TOKEN_HEADER, aiLogContract as c } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './ai-log.service.js';

const HEADER = AI_LOG_TOKEN_HEADER.toLowerCase();

function linkToken(request: FastifyRequest): string | undefined {
  const value = request.headers[HEADER];
  return typeof value === 'string' ? value : undefined;
}

export function registerAiLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const ai = ctx.config.ai;
  registerContract(app, c.list, ({ body, request }) => service.listLog(db, requireSession(request), body));
  // Public but signed like every call: the link's token in its header is the credential.
  registerContract(app, c.sharedList, ({ body, request }) => service.sharedLog(db, linkToken(request), body));
  registerContract(app, c.links, ({ request }) => service.listLinks(db, requireSession(request)));
  registerContract(app, c.addLink, ({ body, request }) => service.issueLink(db, requireSession(request), body));
  registerContract(app, c.revokeLink, ({ body, request }) => service.revokeLink(db, requireSession(request), body));
  registerContract(app, c.followUpSummary, ({ body, request }) => service.summarizeFollowUps(db, ai, requireSession(request), body));
}
