import { defineModule } from '../module.js';

// 大屏链接 and the big screens' public data: see docs/reports.md.
export default defineModule({
  name: 'display-link',
});
