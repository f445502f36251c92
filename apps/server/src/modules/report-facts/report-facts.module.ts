import { defineModule } from '../module.js';

// Daily facts behind reports, BI and screens (tables, dirty-day refresh, queries): see docs/reports.md.
export default defineModule({
  name: 'report-facts',
});
