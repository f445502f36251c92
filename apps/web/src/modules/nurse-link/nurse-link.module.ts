import { defineWebModule } from '../../lib/modules/web-module';

// No menu page: the 编辑链接 dialog sits on the 月嫂 page (NurseLinkDialog), and the nurse's own page
// is a public route of its own (app/AppRoutes.tsx, loaded lazily outside the shell).
export default defineWebModule({
  name: 'nurse-link',
  pages: {},
});
