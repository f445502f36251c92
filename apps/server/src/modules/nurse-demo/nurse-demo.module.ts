import { defineModule } from '../module.js';

// Demo data only, seeded after every nurse module and the transactions' demo: what the demo roles may
// do with the nurses (and their stores' data rules), and — with DEMO_CRM_DATA=on — 40 nurses with a
// year of assignments, evaluations and settlements.
export default defineModule({
  name: 'nurse-demo',
  seeds: [],
});
