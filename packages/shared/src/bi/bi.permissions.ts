import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the BI pages, the figures of 分析页 and 指标图表, and 门店看板 / 门店金额. */
export const BiPermission = definePermissions({
  customerBi: ['bi:customer:view', '查看'],
  monthlyNurseBi: ['bi:monthlyNurse:view', '查看'],
  orderBi: ['bi:order:view', '查看'],
  roomBi: ['bi:room:view', '查看'],
  analysisKpi: ['dashboard:analysis:kpi', '经营指标'],
  indexChart: ['dashboard:indexChart:view', '查看'],
  storeBoard: ['store:board:view', '查看'],
  storeAmount: ['store:amount:view', '查看'],
});
