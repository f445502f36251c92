import { seedDemoAnalyticsRolesIfEmpty } from '../../seed/demo-analytics-roles.js';
import { defineModule } from '../module.js';

// Demo data only, seeded after the report, BI and dashboard modules: what the demo roles see of them
// and the store rules of the analytics pages (docs/reports.md).
export default defineModule({
  name: 'analytics-demo',
  seeds: [{ name: 'demo roles: reports, BI and dashboards', run: ({ db, config }) => seedDemoAnalyticsRolesIfEmpty(db, config) }],
});
