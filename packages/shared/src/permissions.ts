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
  /** 公司 and 用户关系. */
  companyList: 'system:company:list',
  companyAdd: 'system:company:add',
  companyEdit: 'system:company:edit',
  userRelationList: 'system:userRelation:list',
  userRelationEdit: 'system:userRelation:edit',
  /** 部门. */
  departmentList: 'system:department:list',
  departmentAdd: 'system:department:add',
  departmentEdit: 'system:department:edit',
  departmentDelete: 'system:department:delete',
  /** 用户. */
  userList: 'system:user:list',
  userAdd: 'system:user:add',
  userEdit: 'system:user:edit',
  userStatus: 'system:user:status',
  userResetPassword: 'system:user:resetPassword',
  userExport: 'system:user:export',
  /** 安全组 / 角色. */
  groupList: 'system:securityGroup:list',
  groupAdd: 'system:securityGroup:add',
  groupEdit: 'system:securityGroup:edit',
  groupMembers: 'system:securityGroup:members',
  groupPermissions: 'system:securityGroup:permissions',
  /** 权限 (menu and button editor). */
  permissionList: 'system:permission:list',
  permissionAdd: 'system:permission:add',
  permissionEdit: 'system:permission:edit',
  /** 用户登录列表 and 访问日志. */
  loginLogList: 'system:loginLog:list',
  loginLogExport: 'system:loginLog:export',
  visitLogList: 'system:visitLog:list',
  visitLogExport: 'system:visitLog:export',
  /** 字典类型 / 数据字典 (reading items for selects is open to every signed-in user). */
  dictList: 'system:dict:list',
  dictAdd: 'system:dict:add',
  dictEdit: 'system:dict:edit',
  dictDelete: 'system:dict:delete',
  /** 校验规则. */
  checkRuleList: 'system:checkRule:list',
  checkRuleAdd: 'system:checkRule:add',
  checkRuleEdit: 'system:checkRule:edit',
  checkRuleDelete: 'system:checkRule:delete',
  /** 编码规则. */
  numberRuleList: 'system:numberRule:list',
  numberRuleAdd: 'system:numberRule:add',
  numberRuleEdit: 'system:numberRule:edit',
  numberRuleDelete: 'system:numberRule:delete',
  /** 系统通告. */
  announcementList: 'message:announcement:list',
  announcementAdd: 'message:announcement:add',
  announcementEdit: 'message:announcement:edit',
  announcementPublish: 'message:announcement:publish',
  announcementRevoke: 'message:announcement:revoke',
  announcementDelete: 'message:announcement:delete',
  /** 消息模板. */
  messageTemplateList: 'message:template:list',
  messageTemplateAdd: 'message:template:add',
  messageTemplateEdit: 'message:template:edit',
  messageTemplateDelete: 'message:template:delete',
  messageTemplateTestSend: 'message:template:testSend',
} as const;

export type PermissionAction = (typeof Permission)[keyof typeof Permission];

/** `public`: anyone (still signed); `authenticated`: any signed-in user; otherwise an action name. */
export type Access = 'public' | 'authenticated' | PermissionAction;
