import { biContract, BiPermission, buttonsOf } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import { registerContract } from '../../platform/http/register.js';
import { defineModule } from '../module.js';
import { analysisKpi, biStores, customerBi, indexChart, nurseBi, orderBi, roomBi, storeAmount, storeBoard } from './bi.service.js';

const P = BiPermission;

// BI pages, 分析页 figures, 指标图表, 门店看板 and 门店金额: see docs/reports.md. Figures over the big
// tables come from report-facts; nothing here owns a table.
export default defineModule({
  name: 'bi',
  menus: [
    { path: '/bi/customer', buttons: buttonsOf({ customerBi: P.customerBi }) },
    { path: '/bi/monthlyNurse', buttons: buttonsOf({ monthlyNurseBi: P.monthlyNurseBi }) },
    { path: '/bi/order', buttons: buttonsOf({ orderBi: P.orderBi }) },
    { path: '/bi/room', buttons: buttonsOf({ roomBi: P.roomBi }) },
    { path: '/dashboard/analysis', buttons: buttonsOf({ analysisKpi: P.analysisKpi }) },
    { path: '/dashboard/indexChart', buttons: buttonsOf({ indexChart: P.indexChart }) },
    { path: '/store/board', buttons: buttonsOf({ storeBoard: P.storeBoard }) },
    { path: '/store/amount', buttons: buttonsOf({ storeAmount: P.storeAmount }) },
  ],
  routes: (app, ctx) => {
    const db = ctx.database.db;
    registerContract(app, biContract.stores, ({ body, request }) => biStores(db, requireSession(request), body.page));
    registerContract(app, biContract.customer, ({ body, request }) => customerBi(db, requireSession(request), body));
    registerContract(app, biContract.monthlyNurse, ({ body, request }) => nurseBi(db, requireSession(request), body));
    registerContract(app, biContract.order, ({ body, request }) => orderBi(db, requireSession(request), body));
    registerContract(app, biContract.room, ({ body, request }) => roomBi(db, requireSession(request), body));
    registerContract(app, biContract.analysisKpi, ({ request }) => analysisKpi(db, requireSession(request)));
    registerContract(app, biContract.indexChart, ({ body, request }) => indexChart(db, requireSession(request), body));
    registerContract(app, biContract.storeBoard, ({ body, request }) => storeBoard(db, requireSession(request), body));
    registerContract(app, biContract.storeAmount, ({ body, request }) => storeAmount(db, requireSession(request), body));
  },
});
