import type { FastifyInstance } from 'fastify';
import { financePriceContract, financePriceResource, toPageResult, type FinancePrice, type FinancePriceListQuery } from '@care/shared';
import { requireSession, type SessionInfo } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { crudRepo } from '../../platform/crud/crud-repo.js';
import { registerCrud, registerExport } from '../../platform/crud/register-crud.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import * as repo from './finance-price.repo.js';
import * as service from './finance-price.service.js';

const text = (v: string | null | undefined) => v ?? '';
const exportColumns: ExcelColumn<FinancePrice>[] = [
  { header: '产品编码', value: (r) => text(r.productCode) },
  { header: '产品', value: (r) => text(r.productName) },
  { header: '门店', value: (r) => text(r.storeName) },
  { header: '房型', value: (r) => text(r.roomTypeName) },
  { header: '天数', value: (r) => r.days },
  { header: '参考价', value: (r) => r.referencePrice },
  { header: '底价', value: (r) => r.floorPrice },
  { header: '生效日期', value: (r) => text(r.effectiveFrom) },
  { header: '失效日期', value: (r) => r.effectiveTo ?? '长期' },
  { header: '备注', value: (r) => r.remark },
];

export function registerFinancePriceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const { lookup, exportXls, ...crud } = financePriceContract;
  // The kit's list and export, with 生效于 (the rows in force on a date) as their scope.
  const rows = crudRepo(financePriceResource);
  const actor = (s: SessionInfo) => ({ companyId: s.companyId, userId: s.userId });
  const enrich = (s: SessionInfo, records: Record<string, unknown>[]) => service.financePriceCrudOptions.enrich!(db, s, records);
  const scope = (q: { effectiveOn?: string }) => (q.effectiveOn ? repo.effectiveOn(q.effectiveOn) : undefined);
  registerCrud(app, db, financePriceResource, crud, {
    ...service.financePriceCrudOptions,
    override: {
      list: async ({ body, request }) => {
        const session = requireSession(request);
        const q = body as FinancePriceListQuery;
        const page = await rows.page(db, actor(session), q, scope(q));
        return toPageResult(await enrich(session, page.rows), page.total, q, page.capped);
      },
    },
  });
  registerExport<FinancePrice, Omit<FinancePriceListQuery, 'pageNo' | 'pageSize'>>(
    app,
    exportXls,
    financePriceResource,
    async (session, filters) => (await enrich(session, await rows.all(db, actor(session), filters, 10_000, scope(filters)))) as FinancePrice[],
    exportColumns,
  );
  registerContract(app, lookup, ({ body, request }) => service.lookupPrice(db, requireSession(request).companyId, body));
}
