import { defineModule } from '../module.js';

// 报表 (/report/*): see docs/reports.md.
export default defineModule({
  name: 'report',
});
