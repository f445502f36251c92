import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DISPLAY_LINK_STATE_LABELS, DISPLAY_LINK_TOKEN_HEADER, DISPLAY_SCREEN_LABELS, type DisplayLink, type DisplayLinkListFilters, DISPLAY_WS_PATH, displayLinkContract as c, displayScreenContract as s, displaySocketQuerySchema, type DisplayScreen } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerExport } from '../../platform/crud/register-crud.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import type { RouteDeclaration } from '../../platform/http/route-table.js';
import { screenFigures } from './display-link.figures.js';
import { DisplayHub } from './display-link.hub.js';
import type { LiveLink } from './display-link.repo.js';
import * as service from './display-link.service.js';

const exportColumns: ExcelColumn<DisplayLink>[] = [
  { header: '大屏', value: (r) => DISPLAY_SCREEN_LABELS[r.screen] },
  { header: '备注', value: (r) => r.note },
  { header: '状态', value: (r) => DISPLAY_LINK_STATE_LABELS[r.state] },
  { header: '生成时间', value: (r) => r.createdAt },
  { header: '生成人', value: (r) => r.createdByName },
  { header: '有效期至', value: (r) => r.expiresAt },
  { header: '最近使用', value: (r) => r.lastUsedAt ?? '' },
  { header: '撤销时间', value: (r) => r.revokedAt ?? '' },
  { header: '撤销人', value: (r) => r.revokedByName },
];

const HEADER = DISPLAY_LINK_TOKEN_HEADER.toLowerCase();
/** Screens that open together (a wall of them, or all refreshing on one push) share one computation. */
const SHARE_MS = 1000;

function displayToken(request: FastifyRequest): string | undefined {
  const value = request.headers[HEADER];
  return typeof value === 'string' ? value : undefined;
}

export interface DisplayLinkRoutesOptions {
  checkMs?: number;
}

export function registerDisplayLinkRoutes(app: FastifyInstance, ctx: AppContext, options: DisplayLinkRoutesOptions = {}): DisplayHub {
  const db = ctx.database.db;

  registerContract(app, c.list, ({ body, request }) => service.listLinks(db, requireSession(request), body));
  registerContract(app, c.add, ({ body, request }) => service.issueLink(db, requireSession(request), body));
  registerExport(app, c.exportXls, { label: '大屏链接' }, (session, filters: DisplayLinkListFilters) => service.exportLinks(db, session, filters), exportColumns);
  registerContract(app, c.revoke, ({ body, request }) => service.revokeLink(db, requireSession(request), body));

  // The figures of a (company, screen), computed at most once a second on this instance.
  const shared = new Map<string, { at: number; value: Promise<unknown> }>();
  const compute = (companyId: string, screen: DisplayScreen): Promise<unknown> => {
    const key = `${companyId}|${screen}`;
    const value = screenFigures(db, companyId, screen);
    if (shared.size > 1000) shared.clear();
    shared.set(key, { at: Date.now(), value });
    value.catch(() => shared.delete(key));
    return value;
  };
  const figures = (link: LiveLink): Promise<unknown> => {
    const hit = shared.get(`${link.company_id}|${link.screen}`);
    return hit && Date.now() - hit.at < SHARE_MS ? hit.value : compute(link.company_id, link.screen as DisplayScreen);
  };

  const hub = new DisplayHub({ db, log: ctx.log, figures: compute, checkMs: options.checkMs });
  app.addHook('preClose', async () => hub.close());

  // Public and signed: the token in its header is the only credential, and it opens only its own screen.
  registerContract(app, s.business, async ({ request }) => figures(await service.screenLink(db, displayToken(request), 1)) as never);
  registerContract(app, s.rooms, async ({ request }) => figures(await service.screenLink(db, displayToken(request), 2)) as never);
  registerContract(app, s.care, async ({ request }) => figures(await service.screenLink(db, displayToken(request), 3)) as never);
  registerContract(app, s.ticket, ({ request }) => service.issueTicket(db, displayToken(request)));

  // The live-refresh socket: signed like any GET (query), opened by a single-use ticket redeemed
  // before the upgrade (403 otherwise); it only ever carries refresh / invalid frames of that screen.
  const config: RouteDeclaration = { access: 'public' };
  app.get(
    DISPLAY_WS_PATH,
    {
      websocket: true,
      config,
      schema: { querystring: displaySocketQuerySchema },
      preHandler: async (request) => {
        (request as FastifyRequest & { displayLink?: LiveLink }).displayLink = await service.redeemTicket(db, ctx.nonces, (request.query as { ticket?: unknown }).ticket);
      },
    },
    (socket, request) => {
      const link = (request as FastifyRequest & { displayLink?: LiveLink }).displayLink!;
      void hub.add(socket, link);
    },
  );
  return hub;
}
