import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'module-switch',
  pages: {
    'module/ModuleList': () => import('./ModuleList'),
  },
});
