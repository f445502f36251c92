import { defineModule } from '../module.js';
import { registerWorkplaceRoutes } from './workplace.routes.js';

// 工作台 and 任务: the caller's own work: see docs/reports.md. Each kind of work is declared by the module
// that owns it (`workplace` in its manifest, built with the kit's `waitingWork`), read with that module's
// data rules, and shown only to holders of the action that does it.
export default defineModule({
  name: 'workplace',
  routes: registerWorkplaceRoutes,
});
