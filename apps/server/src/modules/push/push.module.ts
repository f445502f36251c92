import { defineModule } from '../module.js';
import { registerPushRoutes } from './push.routes.js';

export default defineModule({
  name: 'push',
  routes: registerPushRoutes,
});
