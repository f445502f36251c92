import { buttonsOf, ReservationPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { reservationRules } from './reservation.rules.js';
import { registerReservationRoutes } from './reservation.routes.js';

export default defineModule({
  name: 'reservation',
  tables: ['reservation'],
  menus: [{ path: '/crm/reservation', buttons: buttonsOf(ReservationPermission) }],
  dataRules: [reservationRules],
  routes: registerReservationRoutes,
});
