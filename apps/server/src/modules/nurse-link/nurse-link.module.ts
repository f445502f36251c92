import { buttonsOf, NurseLinkPermission } from '@care/shared';
import { defineModule } from '../module.js';

// The nurse's own edit page through an expiring, revocable link: see docs/nurses.md.
export default defineModule({
  name: 'nurse-link',
  tables: ['nurse_link'],
  menus: [{ path: '/serve/monthlyNurse', buttons: buttonsOf(NurseLinkPermission) }],
});
