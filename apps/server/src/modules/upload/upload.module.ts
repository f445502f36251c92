import { defineModule } from '../module.js';
import { registerUploadRoutes } from './upload.routes.js';

export default defineModule({
  name: 'upload',
  routes: registerUploadRoutes,
});
