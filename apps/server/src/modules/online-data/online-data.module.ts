import { defineModule } from '../module.js';
import { registerOnlineDataRoutes } from './online-data.routes.js';
import { onlineDataRules } from './online-data.rules.js';
import { registerAllFormRules } from './online-data.service.js';

// The generated pages' data API (docs/online.md): the rows of `online_data.*`, whose tables the forms
// of 表单配置 configure (no table of the app's schema). Each synced form is a data-rule resource
// registered at run time: `dataRules` is the live list of them.
export default defineModule({
  name: 'online-data',
  routes: registerOnlineDataRoutes,
  dataRules: onlineDataRules,
  seeds: [{ name: 'online form data rules', run: async ({ db, log }) => (await registerAllFormRules(db, log)) || undefined }],
});
