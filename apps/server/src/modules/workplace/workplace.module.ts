import { defineModule } from '../module.js';

// 工作台 and 任务: the caller's own work: see docs/reports.md.
export default defineModule({
  name: 'workplace',
});
