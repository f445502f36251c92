import { DataRulePermission } from './data-rule/data-rule.permissions.js';
import { SystemPermission } from './system/system.permissions.js';
import { OrgPermission } from './org/org.permissions.js';
import { AdminUserPermission } from './org/admin-user.permissions.js';
import { SecurityGroupPermission } from './org/security-group.permissions.js';
import { PermissionAdminPermission } from './permission/permission-admin.permissions.js';
import { AuditLogPermission } from './audit/audit-log.permissions.js';
import { DictPermission } from './dict/dict.permissions.js';
import { CheckRulePermission } from './dict/check-rule.permissions.js';
import { NumberRulePermission } from './dict/number-rule.permissions.js';
import { AnnouncementPermission } from './message/announcement.permissions.js';
import { MessagePermission } from './message/message.permissions.js';
import { StorePermission } from './crm/store.permissions.js';
import { LeadChannelPermission } from './crm/lead-channel.permissions.js';
import { ChannelPermission } from './crm/channel.permissions.js';
import { LeadPermission } from './crm/lead.permissions.js';
import { FollowUpPermission } from './crm/follow-up.permissions.js';
import { CustomerPermission } from './crm/customer.permissions.js';
import { BabyPermission } from './crm/baby.permissions.js';
import { ReservationPermission } from './crm/reservation.permissions.js';
import { RoomTypePermission } from './room-type/room-type.permissions.js';
import { RoomPermission } from './room/room.permissions.js';
import { ProductPermission } from './product/product.permissions.js';
import { FinancePricePermission } from './finance-price/finance-price.permissions.js';
import { ModuleSwitchPermission } from './module-switch/module-switch.permissions.js';
import { RoomBoardPermission } from './room-board/room-board.permissions.js';
import { ReceivablePermission } from './receivable/receivable.permissions.js';
import { OrderPermission } from './order/order.permissions.js';
import { RoomStayPermission } from './room-stay/room-stay.permissions.js';
import { ContractPermission } from './contract/contract.permissions.js';
import { ServiceOrderPermission } from './service-order/service-order.permissions.js';
import { ChangeOrderPermission } from './change-order/change-order.permissions.js';
import { RoomHoldPermission } from './room-hold/room-hold.permissions.js';
import { MonthlyNursePermission } from './monthly-nurse/monthly-nurse.permissions.js';
import { NurseLinkPermission } from './nurse-link/nurse-link.permissions.js';
import { NurseAssignmentPermission } from './nurse-assignment/nurse-assignment.permissions.js';
import { NurseSchedulePermission } from './nurse-schedule/nurse-schedule.permissions.js';
import { NurseEvaluationPermission } from './nurse-evaluation/nurse-evaluation.permissions.js';
import { NursePayStandardPermission, NurseSettlementPermission } from './nurse-pay/nurse-pay.permissions.js';
import { ReportFactsPermission } from './report-facts/report-facts.permissions.js';
import { ReportPermission } from './report/report.permissions.js';
import { BiPermission } from './bi/bi.permissions.js';
import { DisplayLinkPermission } from './display-link/display-link.permissions.js';
import { MonitorPermission } from './monitor/monitor.permissions.js';
import { WorkplacePermission } from './workplace/workplace.permissions.js';
import { AiLogPermission } from './ai-log/ai-log.permissions.js';
import { StoreLevelPermission } from './store-level/store-level.permissions.js';
import { OnlineExamplePermission, OnlineFormPermission } from './online-form/online-form.permissions.js';
import { OnlineReportPermission } from './online-report/online-report.permissions.js';

/**
 * Every permission action the server checks, assembled from the modules' declarations
 * (`<module>.permissions.ts`: action and button title). A route declares one of these, or `public` /
 * `authenticated`; the permission seed inserts each module's buttons; the route-table snapshot test
 * makes every change visible in review, and the module test fails on an action that is declared but
 * not seeded or not routed.
 */
export const Permission = {
  ...DataRulePermission,
  ...SystemPermission,
  ...OrgPermission,
  ...AdminUserPermission,
  ...SecurityGroupPermission,
  ...PermissionAdminPermission,
  ...AuditLogPermission,
  ...DictPermission,
  ...CheckRulePermission,
  ...NumberRulePermission,
  ...AnnouncementPermission,
  ...MessagePermission,
  ...StorePermission,
  ...LeadChannelPermission,
  ...ChannelPermission,
  ...LeadPermission,
  ...FollowUpPermission,
  ...CustomerPermission,
  ...BabyPermission,
  ...ReservationPermission,
  ...RoomTypePermission,
  ...RoomPermission,
  ...ProductPermission,
  ...FinancePricePermission,
  ...ModuleSwitchPermission,
  ...RoomBoardPermission,
  ...ReceivablePermission,
  ...OrderPermission,
  ...RoomStayPermission,
  ...ContractPermission,
  ...ServiceOrderPermission,
  ...ChangeOrderPermission,
  ...RoomHoldPermission,
  ...MonthlyNursePermission,
  ...NurseLinkPermission,
  ...NurseAssignmentPermission,
  ...NurseSchedulePermission,
  ...NurseEvaluationPermission,
  ...NursePayStandardPermission,
  ...NurseSettlementPermission,
  ...ReportFactsPermission,
  ...ReportPermission,
  ...BiPermission,
  ...DisplayLinkPermission,
  ...MonitorPermission,
  ...WorkplacePermission,
  ...AiLogPermission,
  ...StoreLevelPermission,
  ...OnlineFormPermission,
  ...OnlineExamplePermission,
  ...OnlineReportPermission,
} as const;

export { DataRulePermission, SystemPermission, OrgPermission, AdminUserPermission, SecurityGroupPermission, PermissionAdminPermission, AuditLogPermission, DictPermission, CheckRulePermission, NumberRulePermission, AnnouncementPermission, MessagePermission, StorePermission, LeadChannelPermission, ChannelPermission, LeadPermission, FollowUpPermission, CustomerPermission, BabyPermission, ReservationPermission, RoomTypePermission, RoomPermission, ProductPermission, FinancePricePermission, ModuleSwitchPermission, RoomBoardPermission, ReceivablePermission, OrderPermission, RoomStayPermission, ContractPermission, ServiceOrderPermission, ChangeOrderPermission, RoomHoldPermission, MonthlyNursePermission, NurseLinkPermission, NurseAssignmentPermission, NurseSchedulePermission, NurseEvaluationPermission, NursePayStandardPermission, NurseSettlementPermission, ReportFactsPermission, ReportPermission, BiPermission, DisplayLinkPermission, MonitorPermission, WorkplacePermission, AiLogPermission, StoreLevelPermission, OnlineFormPermission, OnlineReportPermission };

export type PermissionAction = (typeof Permission)[keyof typeof Permission];

/** `public`: anyone (still signed); `authenticated`: any signed-in user; otherwise an action name. */
export type Access = 'public' | 'authenticated' | PermissionAction;
