import { defineModule } from '../module.js';

// BI pages, 分析页 figures, 指标图表, 门店看板 and 门店金额: see docs/reports.md.
export default defineModule({
  name: 'bi',
});
