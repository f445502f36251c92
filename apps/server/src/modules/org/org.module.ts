import { buttonsOf, OrgPermission, pick } from '@care/shared';
import { defineModule } from '../module.js';
import { registerCompanyRoutes } from './company.routes.js';
import { registerDepartmentRoutes } from './department.routes.js';
import { departmentRules } from './department.repo.js';
import { seedIfEmpty } from '../../seed/bootstrap.js';

export default defineModule({
  name: 'org',
  tables: ['company', 'department', 'user_company', 'user_department'],
  menus: [
    { path: '/system/company', buttons: buttonsOf(pick(OrgPermission, 'companyList', 'companyAdd', 'companyEdit')) },
    { path: '/system/userRelation', buttons: buttonsOf(pick(OrgPermission, 'userRelationList', 'userRelationEdit')) },
    { path: '/system/department', buttons: buttonsOf(pick(OrgPermission, 'departmentList', 'departmentAdd', 'departmentEdit', 'departmentDelete')) },
  ],
  routes: (app, ctx) => { registerCompanyRoutes(app, ctx); registerDepartmentRoutes(app, ctx); },
  dataRules: [departmentRules],
  seeds: [{ name: 'bootstrap', run: ({ db, config, log }) => seedIfEmpty(db, config, log) }],
});
