import { defineModule } from '../module.js';

// 监控页: this server's own counters: see docs/reports.md.
export default defineModule({
  name: 'monitor',
});
