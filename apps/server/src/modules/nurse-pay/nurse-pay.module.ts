import { buttonsOf, NursePayStandardPermission, NurseSettlementPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { settlementsAwaitingAudit } from './nurse-pay.work-items.js';
import { registerPayStandardRoutes } from './nurse-pay-standard.routes.js';
import { registerSettlementRoutes } from './nurse-settlement.routes.js';
import { nurseSettlementRules } from './nurse-settlement.rules.js';

// 薪酬标准 and 月嫂结算: see docs/nurses.md.
export default defineModule({
  name: 'nurse-pay',
  tables: ['nurse_pay_standard', 'nurse_settlement'],
  menus: [
    { parent: '/serve', path: '/serve/nursePayStandard', title: '薪酬标准', component: 'nursePay/NursePayStandardList', buttons: buttonsOf(NursePayStandardPermission) },
    { parent: '/finance', path: '/finance/nurseSettlement', title: '月嫂结算', component: 'nursePay/NurseSettlementList', buttons: buttonsOf(NurseSettlementPermission) },
  ],
  dataRules: [nurseSettlementRules],
  workplace: { items: [settlementsAwaitingAudit] },
  routes: (app, ctx) => {
    registerPayStandardRoutes(app, ctx);
    registerSettlementRoutes(app, ctx);
  },
});
