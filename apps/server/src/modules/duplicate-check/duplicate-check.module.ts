import { defineModule } from '../module.js';
import { registerDuplicateCheckRoutes } from './duplicate-check.routes.js';

export default defineModule({
  name: 'duplicate-check',
  routes: registerDuplicateCheckRoutes,
});
