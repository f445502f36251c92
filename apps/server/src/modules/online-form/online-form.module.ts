import { buttonsOf, ONLINE_EXAMPLES, OnlineFormPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerOnlineFormRoutes } from './online-form.routes.js';
import { seedExampleForms } from './online-form.seed.js';
import { rebuildIndexes } from './online-form.service.js';

// 表单配置: forms, their sync to the schema online_data, generated menus (docs/online.md). The tables of
// online_data belong to no module: the forms configure them.
export default defineModule({
  name: 'online-form',
  tables: ['online_form', 'online_form_migration'],
  menus: [
    { path: '/online/form', buttons: buttonsOf(OnlineFormPermission) },
    // The example forms' pages: their buttons are the generated page's actions of each seeded form.
    ...ONLINE_EXAMPLES.map((e) => ({ path: e.menuPath, buttons: buttonsOf(e.permissions) })),
  ],
  routes: (app, ctx) => registerOnlineFormRoutes(app, ctx),
  seeds: [
    // Tables synced before a planner change get its indexes (unique per company, issue 26).
    { name: 'online form indexes', run: ({ db }) => rebuildIndexes(db) },
    { name: 'online form examples', run: ({ db }) => seedExampleForms(db) },
  ],
});
