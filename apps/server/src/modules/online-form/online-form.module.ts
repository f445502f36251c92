import { buttonsOf, OnlineFormPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerOnlineFormRoutes } from './online-form.routes.js';

// 表单配置: forms, their sync to the schema online_data, generated menus (docs/online.md). The tables of
// online_data belong to no module: the forms configure them.
export default defineModule({
  name: 'online-form',
  tables: ['online_form', 'online_form_migration'],
  menus: [{ path: '/online/form', buttons: buttonsOf(OnlineFormPermission) }],
  routes: (app, ctx) => registerOnlineFormRoutes(app, ctx),
});
