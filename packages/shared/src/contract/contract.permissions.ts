import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 合同 (/trade/contract). */
export const ContractOnlyPermission = definePermissions({
  contractList: ['trade:contract:list', '查询合同'],
  contractAdd: ['trade:contract:add', '生成合同'],
  contractEdit: ['trade:contract:edit', '编辑合同'],
  contractSign: ['trade:contract:sign', '签署合同'],
  contractAudit: ['trade:contract:audit', '审核合同'],
  contractVoid: ['trade:contract:void', '作废合同'],
  contractTerminate: ['trade:contract:terminate', '终止合同'],
  contractEnd: ['trade:contract:end', '结束合同'],
  contractExport: ['trade:contract:export', '导出合同'],
});

/** Actions of 合同模板 (/trade/contractTemplate). */
export const ContractTemplatePermission = definePermissions({
  contractTemplateList: ['trade:contractTemplate:list', '查询合同模板'],
  contractTemplateAdd: ['trade:contractTemplate:add', '新增合同模板'],
  contractTemplateEdit: ['trade:contractTemplate:edit', '编辑合同模板'],
  contractTemplateStatus: ['trade:contractTemplate:status', '启用/停用合同模板'],
  contractTemplateDelete: ['trade:contractTemplate:delete', '删除合同模板'],
  contractTemplateExport: ['trade:contractTemplate:export', '导出合同模板'],
});

/** Every action of the module (the central `Permission` map spreads this one). */
export const ContractPermission = { ...ContractOnlyPermission, ...ContractTemplatePermission };
