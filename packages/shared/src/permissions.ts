/**
 * Every permission action the server checks. A route declares one of these, or `public` /
 * `authenticated`. Modules add their actions here as they land; the route-table snapshot test
 * makes every change to this map visible in review.
 */
export const Permission = {
  /** Lifts a user's data scope to the whole company (spec §6). */
  allHrData: 'allhrdata',
  /** 系统配置: change the site configuration. */
  systemConfigEdit: 'system:config:edit',
  /** 数据规则: read rules and the registered columns. */
  dataRuleList: 'system:dataRule:list',
  dataRuleAdd: 'system:dataRule:add',
  dataRuleEdit: 'system:dataRule:edit',
  dataRuleDelete: 'system:dataRule:delete',
} as const;

export type PermissionAction = (typeof Permission)[keyof typeof Permission];

/** `public`: anyone (still signed); `authenticated`: any signed-in user; otherwise an action name. */
export type Access = 'public' | 'authenticated' | PermissionAction;
