import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'reservation',
  pages: {
    'reservation/ReservationList': () => import('./ReservationList'),
  },
});
