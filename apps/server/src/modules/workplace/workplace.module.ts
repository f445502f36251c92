import { defineModule } from '../module.js';
import { registerWorkplaceRoutes } from './workplace.routes.js';

// 工作台 and 任务: the caller's own work: see docs/reports.md. Each kind of work is read through its
// module's `<owner>.workplace-reads.ts` with that module's data rules, and shown only to holders of the
// action that does it.
export default defineModule({
  name: 'workplace',
  routes: registerWorkplaceRoutes,
});
