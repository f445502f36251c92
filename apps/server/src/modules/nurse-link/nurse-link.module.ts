import { buttonsOf, NurseLinkPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerNurseLinkRoutes } from './nurse-link.routes.js';

// The nurse's own edit page through an expiring, revocable link: see docs/nurses.md.
export default defineModule({
  name: 'nurse-link',
  tables: ['nurse_link'],
  menus: [{ path: '/serve/monthlyNurse', buttons: buttonsOf(NurseLinkPermission) }],
  routes: registerNurseLinkRoutes,
});
