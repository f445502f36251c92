// 四眼原则 (issue 29): whoever records or creates a money record does not audit or approve it, unless
// the company's 系统配置 allows one person both (selfAuditAllowed, a one-person store).

const oneStoreHint = '（一人门店可由管理员在系统配置中开启“允许同一人录入并审核”）';

export const FourEyesText = {
  payment: `不能审核自己录入的收款${oneStoreHint}`,
  reversal: `不能审核自己发起的冲销${oneStoreHint}`,
  refund: `不能审核自己录入的退款${oneStoreHint}`,
  order: `不能审批自己创建的订单${oneStoreHint}`,
  changeOrder: `不能审批自己创建的变更单${oneStoreHint}`,
  nurseAssignment: `不能审核自己创建的派工${oneStoreHint}`,
  /** The setting's label on 系统配置. */
  settingLabel: '允许同一人录入并审核（一人门店）',
} as const;
