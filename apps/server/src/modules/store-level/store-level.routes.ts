import type { FastifyInstance } from 'fastify';
import { storeLevelContract as c } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import { myStoresOf } from '../store/store.store-level-reads.js';

/**
 * 门店 pages: only the switcher's stores are this module's; each page's rows come from the owning
 * module's own list route (its permission and data rules) with the chosen store as a filter.
 */
export function registerStoreLevelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.myStores, ({ request }) => myStoresOf(db, requireSession(request)));
}
