import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'message',
  pages: {
    'message/MessageRecordList': () => import('./MessageRecordList'),
    'message/MessageTemplateList': () => import('./MessageTemplateList'),
  },
});
