import { buttonsOf, pick, ReceivablePermission as P } from '@care/shared';
import { defineModule } from '../module.js';
import { paymentsAwaitingAudit } from './receivable.work-items.js';
import { seedOverdueTemplate, startOverdueReminderJob } from './overdue-reminder.job.js';
import { registerReceivableRoutes } from './receivable.routes.js';
import { paymentRules, receivableRules } from './receivable.rules.js';

// 应收、收款与欠款授权: see docs/trade.md for what this module owns and offers the others.
export default defineModule({
  name: 'receivable',
  tables: ['receivable', 'payment', 'payment_allocation', 'debt_authorization'],
  menus: [
    { path: '/finance/receivable', buttons: buttonsOf(pick(P, 'receivableList', 'receivableAdd', 'receivableEdit', 'receivableDelete', 'receivableExport', 'receivableAging', 'debtAuthorize', 'debtRevoke')) },
    {
      path: '/finance/payment',
      parent: '/finance',
      title: '收款',
      component: 'payment/PaymentList',
      buttons: buttonsOf(pick(P, 'paymentList', 'paymentAdd', 'paymentAudit', 'paymentReject', 'paymentReverse', 'paymentExport')),
    },
  ],
  workplace: { items: [paymentsAwaitingAudit] },
  routes: registerReceivableRoutes,
  dataRules: [receivableRules, paymentRules],
  jobs: [{ name: 'overdue receivable reminders', start: ({ database, push, log }) => startOverdueReminderJob(database.db, push, log) }],
  seeds: [{ name: 'overdue receivable message template', run: ({ db }) => seedOverdueTemplate(db) }],
});
