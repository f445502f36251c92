import { defineModule } from '../module.js';
import { registerUserHeaderRoutes } from './user-header.routes.js';

export default defineModule({
  name: 'user',
  routes: registerUserHeaderRoutes,
});
