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
  permissionDelete: 'system:permission:delete',
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
  /** 门店. */
  storeList: 'base:store:list',
  storeAdd: 'base:store:add',
  storeEdit: 'base:store:edit',
  storeStatus: 'base:store:status',
  /** 线索渠道. */
  leadChannelList: 'crm:leadChannel:list',
  leadChannelAdd: 'crm:leadChannel:add',
  leadChannelEdit: 'crm:leadChannel:edit',
  leadChannelStatus: 'crm:leadChannel:status',
  /** 渠道 (partner channels). */
  channelList: 'crm:channel:list',
  channelAdd: 'crm:channel:add',
  channelEdit: 'crm:channel:edit',
  channelStatus: 'crm:channel:status',
  /** 线索 and the pool (公海). */
  leadList: 'crm:lead:list',
  leadAdd: 'crm:lead:add',
  leadEdit: 'crm:lead:edit',
  leadAssign: 'crm:lead:assign',
  leadTransfer: 'crm:lead:transfer',
  leadRelease: 'crm:lead:release',
  leadPool: 'crm:lead:pool',
  leadClaim: 'crm:lead:claim',
  leadLost: 'crm:lead:lost',
  leadImport: 'crm:lead:import',
  leadExport: 'crm:lead:export',
  /**
   * 门店范围: its holders reach leads under the data rules of this button instead of those of the
   * 线索 menu (e.g. a 店长: their stores' leads, while consultants see their own).
   */
  leadStoreScope: 'crm:lead:storeScope',
  /** 跟进记录 (on leads and customers). */
  followUpList: 'crm:followUp:list',
  followUpAdd: 'crm:followUp:add',
  followUpEdit: 'crm:followUp:edit',
  followUpDelete: 'crm:followUp:delete',
  /** 线索转客户. */
  leadConvert: 'crm:lead:convert',
  /** 客户. */
  customerList: 'crm:customer:list',
  customerAdd: 'crm:customer:add',
  customerEdit: 'crm:customer:edit',
  customerExport: 'crm:customer:export',
  /** 查看完整证件号: lists always mask ID numbers; by id the full number needs this action. */
  customerViewIdNo: 'crm:customer:viewIdNo',
  /** 门店范围客户: like `crm:lead:storeScope`, its holders get this button's data rules instead of the 客户 menu's. */
  customerStoreScope: 'crm:customer:storeScope',
  /** 宝宝 (under a customer). */
  babyList: 'crm:baby:list',
  babyAdd: 'crm:baby:add',
  babyEdit: 'crm:baby:edit',
  babyDelete: 'crm:baby:delete',
  /** 预约 (参观 visits; 订房 holds come with the transactions issue). */
  reservationList: 'crm:reservation:list',
  reservationAdd: 'crm:reservation:add',
  reservationEdit: 'crm:reservation:edit',
  reservationArrive: 'crm:reservation:arrive',
  reservationNoShow: 'crm:reservation:noShow',
  reservationCancel: 'crm:reservation:cancel',
  reservationExport: 'crm:reservation:export',
  /** 门店范围预约: its holders get this button's data rules instead of the 预约 menu's. */
  reservationStoreScope: 'crm:reservation:storeScope',
} as const;

export type PermissionAction = (typeof Permission)[keyof typeof Permission];

/** `public`: anyone (still signed); `authenticated`: any signed-in user; otherwise an action name. */
export type Access = 'public' | 'authenticated' | PermissionAction;
