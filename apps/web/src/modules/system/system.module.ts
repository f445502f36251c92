import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'system',
  pages: {
    'system/SystemConfig': () => import('./SystemConfig'),
  },
});
