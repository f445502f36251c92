import type { FastifyInstance } from 'fastify';
import { DictCode, nursePayStandardContract, nursePayStandardResource, type NursePayStandard } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerCrud, registerExport } from '../../platform/crud/register-crud.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import { dictLabeler } from '../dict/dict.service.js';
import { payStandardCrudOptions, payStandardFor, payStandardService } from './nurse-pay-standard.service.js';

type Body = Record<string, unknown> & { id: string; version: number };

// The export's rows carry the dictionaries' labels in place of their values.
const exportColumns: ExcelColumn<NursePayStandard>[] = [
  { header: '月嫂等级', value: (r) => r.level },
  { header: '从业类型', value: (r) => r.practiceType },
  { header: '服务方式', value: (r) => r.serviceType },
  { header: '26天参考价（元）', value: (r) => r.price26Days },
  { header: '日薪（元）', value: (r) => r.dailyRate },
  { header: '状态', value: (r) => (r.enabled ? '启用' : '停用') },
  { header: '备注', value: (r) => r.remark },
];

export function registerPayStandardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const { lookup, exportXls, ...crud } = nursePayStandardContract;
  const service = payStandardService(db);
  registerCrud(app, db, nursePayStandardResource, crud, {
    ...payStandardCrudOptions,
    override: {
      add: async ({ body, request }) => service.add(requireSession(request), body as Body),
      edit: async ({ body, request }) => service.edit(requireSession(request), body as Body),
    },
  });
  registerExport<NursePayStandard>(
    app,
    exportXls,
    nursePayStandardResource,
    async (session, filters) => {
      const rows = (await service.exportRows(session, filters)) as NursePayStandard[];
      const [level, practice, form] = await Promise.all([DictCode.nurseLevel, DictCode.nursePracticeType, DictCode.nurseServiceType].map((code) => dictLabeler(db, code)));
      return rows.map((r) => ({ ...r, level: level!(r.level), practiceType: practice!(r.practiceType), serviceType: form!(r.serviceType) }));
    },
    exportColumns,
  );
  registerContract(app, lookup, async ({ body, request }) => (await payStandardFor(db, requireSession(request).companyId, body)) ?? null);
}
