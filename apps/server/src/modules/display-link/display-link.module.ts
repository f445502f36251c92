import { buttonsOf, DisplayLinkPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerDisplayLinkRoutes } from './display-link.routes.js';

// 大屏链接 and the big screens' public data and live refresh: see docs/reports.md "Big screens".
export default defineModule({
  name: 'display-link',
  tables: ['display_link'],
  menus: [{ path: '/screen/links', buttons: buttonsOf(DisplayLinkPermission) }],
  routes: (app, ctx) => {
    registerDisplayLinkRoutes(app, ctx);
  },
});
