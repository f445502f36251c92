import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'room-type',
  pages: {
    'room-type/RoomTypeList': () => import('./RoomTypeList'),
  },
});
