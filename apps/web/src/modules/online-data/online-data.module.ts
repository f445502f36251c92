import { defineWebModule } from '../../lib/modules/web-module';

// The generated pages of online forms (在线开发): one generic page by the path's form code, and the
// five example pages with their fixed codes. The designer (表单配置) is online-form's. One loader for
// all six: they share one chunk, and the shell carries its list of files once.
const pages = () => import('./OnlineDataPages');

export default defineWebModule({
  name: 'online-data',
  pages: {
    'online/OnlineDataList': pages,
    'online/SingleTableDemo': pages,
    'online/OneToManyDemo': pages,
    'online/TreeTableDemo': pages,
    'online/ErpDemo': pages,
    'online/InnerTableDemo': pages,
  },
});
