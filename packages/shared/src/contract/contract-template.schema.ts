import { defineResource, field, type CreateOf, type EditOf, type RecordOf } from '../resource/index.js';

export const ContractTemplateText = {
  nameTaken: '已有同名的合同模板',
  templateMissing: '所选合同模板不存在或已停用',
  inUse: '该模板已用于生成合同，不能删除，可停用',
} as const;

/** 合同模板: a contract type's terms as HTML with `{{placeholders}}`; the server sanitises the HTML before storing it. */
export const contractTemplateResource = defineResource({
  name: 'contract-template',
  table: 'contract_template',
  label: '合同模板',
  fields: {
    name: field.text('模板名称', { required: true, max: 100, sort: true }),
    type: field.dict('合同类型', 'contract_type', { required: true, sort: true }),
    content: field.textarea('合同条款', { required: true, max: 100_000, list: false, export: false }),
    enabled: field.bool('状态'),
    remark: field.textarea('备注'),
  },
  defaultSort: { key: 'name', order: 'asc' },
});

export type ContractTemplate = RecordOf<typeof contractTemplateResource>;
export type ContractTemplateCreate = CreateOf<typeof contractTemplateResource>;
export type ContractTemplateEdit = EditOf<typeof contractTemplateResource>;
