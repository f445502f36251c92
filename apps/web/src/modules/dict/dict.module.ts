import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'dict',
  pages: {
    'system/DictList': () => import('./DictList'),
    'system/DictTypeList': () => import('./DictTypeList'),
    'system/EnumList': () => import('./EnumList'),
  },
});
