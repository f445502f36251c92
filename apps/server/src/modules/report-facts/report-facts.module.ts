import { defineModule } from '../module.js';
import { startFactRefreshJob } from './report-facts.job.js';
import { analyticsStoreRules } from './report-facts.rules.js';

// Daily facts behind reports, BI and screens (tables, dirty-day refresh, queries): see docs/reports.md.
export default defineModule({
  name: 'report-facts',
  tables: ['fact_order_day', 'fact_payment_day', 'fact_receivable_day', 'fact_room_night_day', 'fact_service_day', 'fact_funnel_day', 'fact_serve_day', 'fact_dirty_day'],
  dataRules: [analyticsStoreRules],
  jobs: [{ name: 'report facts refresh', start: ({ database, log }) => startFactRefreshJob(database.db, log) }],
});
