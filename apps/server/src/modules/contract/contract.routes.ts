import type { FastifyInstance } from 'fastify';
import { contractContract, contractResource, contractTemplateContract, contractTemplateResource, enumLabel, type ContractListQuery, type ContractRecord } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerCrud, registerExport } from '../../platform/crud/register-crud.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import { LocalFileStorage } from '../../platform/storage.js';
import { contractTemplateCrudOptions } from './contract-template.service.js';
import * as service from './contract.service.js';

// The contract_type dictionary's seeded labels (the export names the type, not its code).
const CONTRACT_TYPE_LABELS: Record<string, string> = { confinement: '月子', short_confinement: '小月子', home: '到家', extension: '续住', infant_care: '婴儿托管' };

const exportColumns: ExcelColumn<ContractRecord>[] = [
  { header: '合同编号', value: (r) => r.contractNo },
  { header: '订单编号', value: (r) => r.orderNo },
  { header: '客户', value: (r) => r.customerName },
  { header: '联系电话', value: (r) => r.customerPhone },
  { header: '门店', value: (r) => r.storeName },
  { header: '合同类型', value: (r) => CONTRACT_TYPE_LABELS[r.type] ?? r.type },
  { header: '合同状态', value: (r) => enumLabel('contract_status', r.status) },
  { header: '合同金额', value: (r) => r.amount },
  { header: '首付款', value: (r) => r.firstPayment },
  { header: '签署时间', value: (r) => r.signedAt ?? '' },
  { header: '签署人', value: (r) => r.signerName },
  { header: '审核时间', value: (r) => r.auditedAt ?? '' },
  { header: '审核人', value: (r) => r.auditorName },
  { header: '作废/终止原因', value: (r) => r.closeReason ?? '' },
  { header: '创建时间', value: (r) => r.createdTime },
];

export function registerContractRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const storage = new LocalFileStorage(ctx.config.dataDir);
  registerCrud(app, db, contractTemplateResource, contractTemplateContract, contractTemplateCrudOptions);

  const c = contractContract;
  registerContract(app, c.list, ({ body, request }) => service.listContracts(db, requireSession(request), body));
  registerContract(app, c.queryById, ({ body, request }) => service.getContract(db, requireSession(request), body.id));
  registerExport<ContractRecord, Omit<ContractListQuery, 'pageNo' | 'pageSize'>>(app, c.exportXls, contractResource, (session, filters) => service.exportContracts(db, session, filters), exportColumns);
  registerContract(app, c.orderOptions, ({ body, request }) => service.orderOptions(db, requireSession(request), body.keyword));
  registerContract(app, c.generate, ({ body, request }) => service.generateContract(db, requireSession(request), body));
  registerContract(app, c.edit, ({ body, request }) => service.editContract(db, requireSession(request), body));
  registerContract(app, c.attachments, ({ body, request }) => service.saveAttachments(db, storage, requireSession(request), body));
  registerContract(app, c.sign, ({ body, request }) => service.moveContract(db, requireSession(request), 'sign', body));
  registerContract(app, c.audit, ({ body, request }) => service.moveContract(db, requireSession(request), 'audit', body));
  registerContract(app, c.void, ({ body, request }) => service.moveContract(db, requireSession(request), 'void', body));
  registerContract(app, c.terminate, ({ body, request }) => service.moveContract(db, requireSession(request), 'terminate', body));
  registerContract(app, c.end, ({ body, request }) => service.moveContract(db, requireSession(request), 'end', body));
}
