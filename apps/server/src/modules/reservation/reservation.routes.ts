import type { FastifyInstance } from 'fastify';
import { reservationContract as c } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './reservation.service.js';

export function registerReservationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.list, ({ body, request }) => service.pageReservations(db, requireSession(request), body));
  registerContract(app, c.calendar, ({ body, request }) => service.calendar(db, requireSession(request), body));
  registerContract(app, c.queryById, ({ body, request }) => service.getReservation(db, requireSession(request), body.id));
  registerContract(app, c.add, ({ body, request }) => service.addVisit(db, requireSession(request), body));
  registerContract(app, c.edit, ({ body, request }) => service.editVisit(db, requireSession(request), body));
  registerContract(app, c.arrive, ({ body, request }) => service.arriveVisit(db, requireSession(request), body));
  registerContract(app, c.noShow, ({ body, request }) => service.noShowVisit(db, requireSession(request), body));
  registerContract(app, c.cancel, ({ body, request }) => service.cancelVisit(db, requireSession(request), body));
}
