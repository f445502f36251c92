import type { FastifyInstance } from 'fastify';
import { DictEnums, formatMoney, leadContract as c, leadConvertContract, leadExportContract, type Lead, type LeadExportQuery } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerExport } from '../../platform/crud/register-crud.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './lead.service.js';
import { convertLead } from './lead-customer.service.js';
import { registerLeadImportRoutes } from './lead-import.routes.js';

export function registerLeadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const deps = { db, push: ctx.push, log: ctx.log };
  registerContract(app, c.list, ({ body, request }) => service.pageLeads(db, requireSession(request), body));
  registerContract(app, c.queryById, ({ body, request }) => service.getLead(db, requireSession(request), body.id));
  registerContract(app, c.add, ({ body, request }) => service.addLead(db, requireSession(request), body));
  registerContract(app, c.edit, ({ body, request }) => service.editLead(db, requireSession(request), body));
  registerContract(app, c.assign, ({ body, request }) => service.assignLeads(deps, requireSession(request), body));
  registerContract(app, c.transfer, ({ body, request }) => service.transferLeads(deps, requireSession(request), body));
  registerContract(app, c.release, ({ body, request }) => service.releaseLeads(db, requireSession(request), body.ids));
  registerContract(app, c.poolList, ({ body, request }) => service.pagePool(db, requireSession(request), body));
  registerContract(app, c.claim, ({ body, request }) => service.claimLeads(db, requireSession(request), body.ids));
  registerContract(app, c.close, ({ body, request }) => service.closeLead(db, requireSession(request), body));
  registerContract(app, leadConvertContract, ({ body, request }) => convertLead(db, requireSession(request), body));
  registerExport(app, leadExportContract, { label: '线索' }, (session, filters: LeadExportQuery) => service.exportLeads(db, session, filters), exportColumns);

  registerLeadImportRoutes(app, ctx);

}

const statusLabel = (status: Lead['status']) => DictEnums.lead_status.items.find((i) => i.value === status)?.label ?? status;

const exportColumns: ExcelColumn<Lead>[] = [
  { header: '线索编号', value: (r) => r.leadNo },
  { header: '姓名', value: (r) => r.name },
  { header: '手机号', value: (r) => r.phone },
  { header: '微信', value: (r) => r.wechat },
  { header: '线索渠道', value: (r) => r.leadChannelName },
  { header: '合作渠道', value: (r) => r.channelName },
  { header: '推荐人', value: (r) => r.referrer },
  { header: '预产期', value: (r) => r.dueDate },
  { header: '孕周', value: (r) => r.gestationWeeks },
  { header: '胎次', value: (r) => r.parity },
  { header: '意向门店', value: (r) => r.preferredStoreName },
  { header: '预算', value: (r) => (r.budget === null ? null : formatMoney(r.budget)) },
  { header: '意向等级', value: (r) => r.intentionGrade },
  { header: '负责人', value: (r) => r.ownerName ?? '公海' },
  { header: '状态', value: (r) => statusLabel(r.status) },
  { header: '关闭原因', value: (r) => r.closeReason },
  { header: '下次跟进时间', value: (r) => r.nextFollowAt },
  { header: '最近跟进时间', value: (r) => r.lastFollowAt },
  { header: '备注', value: (r) => r.remark },
  { header: '创建时间', value: (r) => r.createdAt },
];
