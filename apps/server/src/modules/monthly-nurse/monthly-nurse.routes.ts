import type { FastifyInstance } from 'fastify';
import { monthlyNurseContract as C, monthlyNurseResource, type MonthlyNurseListQuery } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import { registerCrud, registerExport } from '../../platform/crud/register-crud.js';
import { registerContract } from '../../platform/http/register.js';
import type { ModuleContext } from '../module.js';
import * as actions from './monthly-nurse.actions.js';
import { NURSE_EXPORT_COLUMNS } from './monthly-nurse.export.js';

export function registerMonthlyNurseRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const db = ctx.database.db;
  const crud = registerCrud(app, db, monthlyNurseResource, { list: C.list, queryById: C.queryById, add: C.add, edit: C.edit, delete: C.delete }, {
    ...actions.nurseCrudOptions,
    override: {
      list: ({ request, body }) => actions.listNurses(db, crud, requireSession(request), body as MonthlyNurseListQuery),
      delete: ({ request, body }) => {
        const b = body as { id: string; version?: number };
        return actions.removeNurse(crud, requireSession(request), b.id, b.version);
      },
    },
  });
  registerExport(app, C.exportXls, monthlyNurseResource, (session, q: Partial<MonthlyNurseListQuery>) => actions.exportNurses(db, crud, session, q), NURSE_EXPORT_COLUMNS);

  registerContract(app, C.rest, ({ request, body }) => actions.moveNurse(db, crud, requireSession(request), body, 'rest'));
  registerContract(app, C.resume, ({ request, body }) => actions.moveNurse(db, crud, requireSession(request), body, 'resume'));
  registerContract(app, C.resign, ({ request, body }) => actions.moveNurse(db, crud, requireSession(request), body, 'resign'));

  registerContract(app, C.certificateList, ({ request, body }) => actions.listCertificates(db, requireSession(request), body.nurseId));
  registerContract(app, C.certificateAdd, ({ request, body }) => actions.saveStaffCertificate(db, requireSession(request), body));
  registerContract(app, C.certificateEdit, ({ request, body }) => actions.saveStaffCertificate(db, requireSession(request), body));
  registerContract(app, C.certificateDelete, ({ request, body }) => actions.deleteStaffCertificate(db, requireSession(request), body.id));

  registerContract(app, C.leaveList, ({ request, body }) => actions.listLeaves(db, requireSession(request), body.nurseId));
  registerContract(app, C.leaveAdd, ({ request, body }) => actions.addStaffLeave(db, requireSession(request), body));
  registerContract(app, C.leaveDelete, ({ request, body }) => actions.deleteStaffLeave(db, requireSession(request), body.id));
}
