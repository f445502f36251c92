import { defineModule } from '../module.js';
import { registerAuthRoutes } from './auth.routes.js';

export default defineModule({
  name: 'auth',
  tables: ['user_session', 'captcha', 'sms_code', 'login_log', 'api_nonce'],
  routes: (app, ctx) => registerAuthRoutes(app, ctx, ctx.auth),
});
