import { defineWebModule } from '../../lib/modules/web-module';

// 表单配置 (/online/form): the designer of online forms; the generated pages are online-data's.
export default defineWebModule({
  name: 'online-form',
  pages: {
    'online/FormConfigList': () => import('./FormConfigList'),
  },
});
