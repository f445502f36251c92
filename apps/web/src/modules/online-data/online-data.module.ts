import { defineWebModule } from '../../lib/modules/web-module';

// The generated pages of online forms (在线开发): one generic page by the path's form code, and the
// five example pages with their fixed codes. The designer (表单配置) is online-form's.
export default defineWebModule({
  name: 'online-data',
  pages: {
    'online/OnlineDataList': () => import('./OnlineDataList'),
    'online/SingleTableDemo': () => import('./OnlineDemos'),
    'online/OneToManyDemo': () => import('./OnlineDemos'),
    'online/TreeTableDemo': () => import('./OnlineDemos'),
    'online/ErpDemo': () => import('./OnlineDemos'),
    'online/InnerTableDemo': () => import('./OnlineDemos'),
  },
});
