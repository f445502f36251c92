import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'org',
  pages: {
    'system/CompanyList': () => import('./CompanyList'),
    'system/UserRelationList': () => import('./UserRelationList'),
    'system/DepartmentList': () => import('./DepartmentList'),
  },
});
