import { defineModule } from '../module.js';

// 合同与合同模板: see docs/trade.md for what this module owns and offers the others.
export default defineModule({
  name: 'contract',
  tables: ['contract_template', 'contract'],
});
