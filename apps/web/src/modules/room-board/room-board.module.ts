import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'room-board',
  pages: {
    'room/RoomBoard': () => import('./RoomBoard'),
  },
});
