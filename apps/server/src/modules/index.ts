import type { ServerModule } from './module.js';
import org from './org/org.module.js';
import permission from './permission/permission.module.js';
import dict from './dict/dict.module.js';
import system from './system/system.module.js';
import auth from './auth/auth.module.js';
import user from './user/user.module.js';
import upload from './upload/upload.module.js';
import auditLog from './audit-log/audit-log.module.js';
import dataRule from './data-rule/data-rule.module.js';
import adminUser from './admin-user/admin-user.module.js';
import securityGroup from './security-group/security-group.module.js';
import permissionAdmin from './permission-admin/permission-admin.module.js';
import announcement from './announcement/announcement.module.js';
import message from './message/message.module.js';
import push from './push/push.module.js';
import checkRule from './check-rule/check-rule.module.js';
import numberRule from './number-rule/number-rule.module.js';
import duplicateCheck from './duplicate-check/duplicate-check.module.js';
import store from './store/store.module.js';
import leadChannel from './lead-channel/lead-channel.module.js';
import channel from './channel/channel.module.js';
import lead from './lead/lead.module.js';
import followUp from './follow-up/follow-up.module.js';
import customer from './customer/customer.module.js';
import customer360 from './customer-360/customer-360.module.js';
import baby from './baby/baby.module.js';
import reservation from './reservation/reservation.module.js';
import roomType from './room-type/room-type.module.js';
import room from './room/room.module.js';
import product from './product/product.module.js';
import financePrice from './finance-price/finance-price.module.js';
import moduleSwitch from './module-switch/module-switch.module.js';
import roomBoard from './room-board/room-board.module.js';
import receivable from './receivable/receivable.module.js';
import order from './order/order.module.js';
import roomStay from './room-stay/room-stay.module.js';
import contract from './contract/contract.module.js';
import serviceOrder from './service-order/service-order.module.js';
import changeOrder from './change-order/change-order.module.js';
import roomHold from './room-hold/room-hold.module.js';
import tradeDemo from './trade-demo/trade-demo.module.js';
import monthlyNurse from './monthly-nurse/monthly-nurse.module.js';
import nurseLink from './nurse-link/nurse-link.module.js';
import nurseAssignment from './nurse-assignment/nurse-assignment.module.js';
import nurseSchedule from './nurse-schedule/nurse-schedule.module.js';
import nurseEvaluation from './nurse-evaluation/nurse-evaluation.module.js';
import nursePay from './nurse-pay/nurse-pay.module.js';
import nurseDemo from './nurse-demo/nurse-demo.module.js';
import reportFacts from './report-facts/report-facts.module.js';
import aiLog from './ai-log/ai-log.module.js';
import report from './report/report.module.js';
import bi from './bi/bi.module.js';
import displayLink from './display-link/display-link.module.js';
import monitor from './monitor/monitor.module.js';
import workplace from './workplace/workplace.module.js';
import storeLevel from './store-level/store-level.module.js';
import analyticsDemo from './analytics-demo/analytics-demo.module.js';
import onlineReport from './online-report/online-report.module.js';
import onlineForm from './online-form/online-form.module.js';
import onlineData from './online-data/online-data.module.js';

/**
 * Every module of the app, in the order their seeds run (the company and administrator first, then
 * the menus, dictionaries, demo roles, stores and CRM data). A new module adds one line here.
 */
export const modules: readonly ServerModule[] = [
  org,
  permission,
  dict,
  system,
  auth,
  user,
  upload,
  auditLog,
  dataRule,
  adminUser,
  securityGroup,
  permissionAdmin,
  announcement,
  message,
  push,
  checkRule,
  numberRule,
  duplicateCheck,
  store,
  leadChannel,
  channel,
  lead,
  followUp,
  customer,
  customer360,
  baby,
  reservation,
  roomType,
  room,
  product,
  financePrice,
  moduleSwitch,
  roomBoard,
  receivable,
  order,
  roomStay,
  contract,
  serviceOrder,
  changeOrder,
  roomHold,
  tradeDemo,
  monthlyNurse,
  nurseLink,
  nurseAssignment,
  nurseSchedule,
  nurseEvaluation,
  nursePay,
  nurseDemo,
  reportFacts,
  aiLog,
  report,
  bi,
  displayLink,
  monitor,
  workplace,
  storeLevel,
  analyticsDemo,
  onlineReport,
  onlineForm,
  onlineData,
];
