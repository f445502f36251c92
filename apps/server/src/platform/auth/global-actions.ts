import { Permission } from '@care/shared';

/**
 * Actions that change tables shared by every company (menus and buttons, dictionaries, check and
 * number rules, the site configuration). They count in the platform company only: a super group of
 * any other company (which anyone allowed to add a company gets) must not reach them.
 */
export const GLOBAL_ACTIONS: ReadonlySet<string> = new Set([
  Permission.systemConfigEdit,
  Permission.permissionAdd,
  Permission.permissionEdit,
  Permission.permissionDelete,
  Permission.dictAdd,
  Permission.dictEdit,
  Permission.dictDelete,
  Permission.checkRuleAdd,
  Permission.checkRuleEdit,
  Permission.checkRuleDelete,
  Permission.numberRuleAdd,
  Permission.numberRuleEdit,
  Permission.numberRuleDelete,
  Permission.onlineReportList,
  Permission.onlineReportAdd,
  Permission.onlineReportEdit,
  Permission.onlineReportDelete,
  Permission.onlineReportMenu,
  Permission.onlineFormList,
  Permission.onlineFormAdd,
  Permission.onlineFormEdit,
  Permission.onlineFormDelete,
  Permission.onlineFormSync,
  Permission.onlineFormMenu,
]);
