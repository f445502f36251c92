import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'room',
  pages: {
    'room/RoomList': () => import('./RoomList'),
  },
});
