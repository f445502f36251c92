import type { FastifyInstance } from 'fastify';
import { companyContract } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './company.service.js';

export function registerCompanyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const companies = service.companyService(db);
  registerContract(app, companyContract.list, ({ body, request }) => companies.list(requireSession(request), body));
  registerContract(app, companyContract.add, ({ body, request }) => companies.add(requireSession(request), body));
  registerContract(app, companyContract.edit, ({ body, request }) => companies.edit(requireSession(request), body));
  registerContract(app, companyContract.relationList, ({ body, request }) => service.pageRelations(db, requireSession(request), body));
  registerContract(app, companyContract.relationSave, ({ body, request }) => service.saveRelations(db, requireSession(request), body));
}
