import { defineDataScope } from '../../platform/data-rules/index.js';

// 月嫂结算 on its menu: a 店长 or a store's accountant with `storeId in 本人门店` sees and settles her
// stores' settlements only; `r` is the alias of every nurse_settlement query. The columns (store,
// nurse) are named alike on nurse_assignment, so the same filter picks the assignments she may settle.
const nurseSettlementData = defineDataScope({
  resource: 'nurse_settlement',
  label: '月嫂结算',
  alias: 'r',
  columns: {
    storeId: ['门店', 'store_id', 'uuid'],
    nurseId: ['月嫂', 'nurse_id', 'uuid'],
  },
  menu: '/finance/nurseSettlement',
});

export const nurseSettlementRules = nurseSettlementData.rules;
export const nurseSettlementScope = nurseSettlementData.scope;
