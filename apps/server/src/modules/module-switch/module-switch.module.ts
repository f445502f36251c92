import { buttonsOf, moduleSwitchContract as c, ModuleSwitchPermission } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import { registerContract } from '../../platform/http/register.js';
import { defineModule } from '../module.js';
import * as service from './module-switch.service.js';

export default defineModule({
  name: 'module-switch',
  tables: ['module_switch'],
  menus: [{ path: '/base/module', buttons: buttonsOf(ModuleSwitchPermission) }],
  routes: (app, ctx) => {
    const db = ctx.database.db;
    registerContract(app, c.list, ({ request }) => service.moduleSwitchState(db, ctx.moduleGate, requireSession(request)));
    registerContract(app, c.save, ({ body, request }) => service.saveModuleSwitch(db, requireSession(request), body));
  },
});
