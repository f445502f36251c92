import { z } from 'zod';
import { crmDateSchema } from '../crm/common.js';
import { defineResource, field, type ListQueryOf, type RecordOf } from '../resource/index.js';
import { STORED_UPLOAD_PATH } from '../system/system-config.schema.js';
import { CONTRACT_STATUSES } from './contract.state.js';

export const ContractText = {
  orderNotConfirmed: '订单尚未确认，不能生成合同',
  orderCancelled: '订单已取消，不能生成合同',
  liveContractExists: '该订单已有未作废的合同，请先作废原合同',
  orderNotSettled: '订单尚未结账，合同不能结束',
  reasonRequired: (action: string) => `请输入${action}原因!`,
  firstPaymentNotPlan: (plan: string) => `首付款须与订单收款计划一致（计划首付 ${plan} 元），调整金额请通过变更单`,
  partyFieldMissing: (label: string) => `客户${label}未填写，不能签署合同，请先在客户资料中补全`,
  generated: '合同已生成',
  signed: '签署成功',
  audited: '审核成功',
  voided: '合同已作废',
  terminated: '合同已终止',
  ended: '合同已结束',
  saved: '保存成功！',
  badPeriod: '签署结束日期不能早于开始日期',
  closedNoAttachments: '已作废或已终止的合同不能修改附件',
  badAttachment: '附件须为本公司上传的图片，请重新上传',
} as const;

const reference = (label: string) => field.readOnly(field.value(label, z.string(), z.string(), { search: 'eq', list: true }));
const optionalReference = (label: string, list = false) => field.readOnly(field.value(label, z.string().nullable(), z.string().nullable(), { nullable: true, list }));
const moneyText = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, '金额必须是最多两位小数的金额');

/**
 * 合同: generated from a confirmed order (its number by rule contract_no, the template's terms filled
 * from the order and customer), then moved by contractMachine only. One live contract per order.
 */
export const contractResource = defineResource({
  name: 'contract',
  table: 'contract',
  label: '合同',
  fields: {
    contractNo: field.readOnly(field.text('合同编号', { sort: true, search: 'prefix' })),
    orderId: reference('订单'),
    customerId: reference('客户'),
    storeId: reference('门店'),
    /** 甲方 as generated: the company's legal name (系统配置), else the company's name. */
    partyA: field.readOnly(field.text('甲方')),
    /** A 补充协议: the 续住 / 升级 it was produced for (null for an order's contract). */
    changeOrderId: field.readOnly(field.value('变更单', z.string().nullable(), z.string().nullable(), { nullable: true })),
    templateId: optionalReference('合同模板'),
    type: field.readOnly(field.dict('合同类型', 'contract_type', { sort: true })),
    status: field.readOnly(field.enum('合同状态', 'contract_status', CONTRACT_STATUSES, { sort: true })),
    amount: field.readOnly(field.money('合同金额（元）', { sort: true })),
    firstPayment: field.readOnly(field.money('首付款（元）')),
    signedAt: field.datetime('签署时间', { sort: true }),
    signerId: optionalReference('签署人', true),
    auditedBy: optionalReference('审核人', true),
    auditedAt: field.datetime('审核时间'),
    terms: field.readOnly(field.textarea('合同条款', { max: 100_000, list: false, export: false })),
    attachments: field.readOnly(field.value('附件', z.array(z.string()), z.array(z.string()))),
    closeReason: field.readOnly(field.value('作废/终止原因', z.string().nullable(), z.string().nullable(), { nullable: true, list: true, export: true })),
    closedAt: field.datetime('结束时间'),
    remark: field.readOnly(field.textarea('备注')),
    createdTime: field.datetime('创建时间', { column: 'created_at', sort: true, nullable: false }),
  },
  defaultSort: { key: 'createdTime', order: 'desc' },
  /** Names read by the server. */
  derived: {
    orderNo: z.string(),
    customerName: z.string(),
    customerPhone: z.string(),
    storeName: z.string(),
    signerName: z.string(),
    auditorName: z.string(),
    templateName: z.string(),
  },
});

export type ContractRecord = RecordOf<typeof contractResource>;

/** The list's filters: the resource's, plus 签署期间 and a customer name / phone / order number text. */
export const contractListQuerySchema = contractResource.listQuery.extend({
  signedFrom: crmDateSchema('签署开始日期不正确').optional(),
  signedTo: crmDateSchema('签署结束日期不正确').optional(),
  keyword: z.string().trim().max(50, '关键字不能超过50个字符').optional(),
});
export type ContractListQuery = ListQueryOf<typeof contractResource> & { signedFrom?: string; signedTo?: string; keyword?: string };

/** 生成合同: from an order, with a template; the type defaults to the template's. 首付款 is the plan's (a different one is refused). */
export const contractGenerateSchema = z.object({
  orderId: z.uuid({ message: '请选择订单!' }),
  templateId: z.uuid({ message: '请选择合同模板!' }),
  firstPayment: moneyText.optional(),
  remark: z.string().trim().max(500, '备注不能超过500个字符').default(''),
});
export type ContractGenerate = z.input<typeof contractGenerateSchema>;

/** 编辑: terms (sanitised again) and remark, only while 待签署; a first payment other than the plan's is refused. */
export const contractEditSchema = z.object({
  id: z.uuid({ message: '缺少ID' }),
  version: z.number().int().min(1),
  terms: z.string().max(100_000, '合同条款过长').optional(),
  firstPayment: moneyText.optional(),
  remark: z.string().trim().max(500, '备注不能超过500个字符').optional(),
});
export type ContractEdit = z.input<typeof contractEditSchema>;

/** 附件: the scanned pages, each the path the image upload answered (any state but the closed ones; the server checks the company and the file). */
export const contractAttachmentsSchema = z.object({
  id: z.uuid({ message: '缺少ID' }),
  version: z.number().int().min(1),
  attachments: z.array(z.string().regex(STORED_UPLOAD_PATH, ContractText.badAttachment)).max(50, '附件最多50个'),
});
export type ContractAttachments = z.input<typeof contractAttachmentsSchema>;

/** A move without a reason (签署, 审核, 结束). */
export const contractMoveSchema = z.object({ id: z.uuid({ message: '缺少ID' }), version: z.number().int().min(1).optional() });
export type ContractMove = z.input<typeof contractMoveSchema>;

/** 作废 / 终止: the reason is required. */
export const contractCloseSchema = contractMoveSchema.extend({
  reason: z.string({ message: '请输入原因!' }).trim().min(1, '请输入原因!').max(200, '原因不能超过200个字符'),
});
export type ContractClose = z.input<typeof contractCloseSchema>;

/** A contract as the customer 360 page lists it. */
export const customerContractSchema = z.object({
  id: z.string(),
  contractNo: z.string(),
  orderId: z.string(),
  orderNo: z.string(),
  type: z.string(),
  status: z.string(),
  amount: z.string(),
  signedAt: z.string().nullable(),
  createdTime: z.string(),
});
export type CustomerContract = z.infer<typeof customerContractSchema>;

/** The order a contract is generated from, as the generate dialog picks it. */
export const contractOrderOptionSchema = z.object({ id: z.string(), orderNo: z.string(), customerName: z.string(), storeName: z.string(), dealPrice: z.string(), status: z.string() });
export type ContractOrderOption = z.infer<typeof contractOrderOptionSchema>;

export const contractPeriodRule = (q: { signedFrom?: string; signedTo?: string }) => !q.signedFrom || !q.signedTo || q.signedTo >= q.signedFrom;
