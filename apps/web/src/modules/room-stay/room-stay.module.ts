import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'room-stay',
  pages: {
    'room-stay/RoomStayList': () => import('./RoomStayList'),
  },
});
