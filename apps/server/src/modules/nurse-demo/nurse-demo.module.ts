import { seedDemoNursesIfEmpty } from '../../seed/demo-nurse-data.js';
import { seedDemoNurseRolesIfEmpty } from '../../seed/demo-nurse-roles.js';
import { defineModule } from '../module.js';

// Demo data only, seeded after every nurse module and the transactions' demo: what the demo roles may
// do with the nurses (and their stores' data rules), and — with DEMO_CRM_DATA=on — 40 nurses with a
// year of assignments, evaluations and settlements.
export default defineModule({
  name: 'nurse-demo',
  seeds: [
    { name: 'demo roles: nurse grants and store rules', run: ({ db, config }) => seedDemoNurseRolesIfEmpty(db, config) },
    { name: 'demo nurses, pay standards, assignments, evaluations and settlements', run: ({ db, config }) => seedDemoNursesIfEmpty(db, config) },
  ],
});
