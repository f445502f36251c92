import type { FastifyInstance } from 'fastify';
import { userHeaderContract as c } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as users from './user.service.js';

/** The header's own-account features (spec §2 modals, §7 Profile). */
export function registerUserHeaderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.getTxUserInfo, ({ request }) => users.getProfile(db, requireSession(request)));
  registerContract(app, c.updateProfile, async ({ request, body }) => {
    await users.updateProfile(db, requireSession(request), body);
    return null;
  });
  registerContract(app, c.switchDepartment, ({ request, body }) => users.switchDepartment(db, requireSession(request), body));
  registerContract(app, c.changePassword, async ({ request, body }) => {
    await users.changeOwnPassword(db, requireSession(request), body);
    return null;
  });
  registerContract(app, c.listCompanies, ({ request, body }) => users.listCompanies(db, requireSession(request), body.userId));
  registerContract(app, c.setDefaultCompany, async ({ request, body }) => {
    await users.setDefaultCompany(db, requireSession(request), body);
    return null;
  });
}
