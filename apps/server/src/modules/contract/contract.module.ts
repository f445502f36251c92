import { buttonsOf, ContractOnlyPermission, ContractTemplatePermission } from '@care/shared';
import { defineModule } from '../module.js';
import { contractsAwaitingAudit } from './contract.work-items.js';
import { seedDemoContractTemplates } from './contract-template.seed.js';
import { registerContractRoutes } from './contract.routes.js';
import { contractRules } from './contract.rules.js';

// 合同与合同模板: see docs/trade.md for what this module owns and offers the others.
export default defineModule({
  name: 'contract',
  tables: ['contract_template', 'contract'],
  menus: [
    { path: '/trade/contract', buttons: buttonsOf(ContractOnlyPermission) },
    { parent: '/trade', path: '/trade/contractTemplate', title: '合同模板', component: 'contract/ContractTemplateList', buttons: buttonsOf(ContractTemplatePermission) },
  ],
  dataRules: [contractRules],
  workplace: { items: [contractsAwaitingAudit] },
  routes: registerContractRoutes,
  seeds: [{ name: 'demo contract templates', run: ({ db, config }) => seedDemoContractTemplates(db, config) }],
});
