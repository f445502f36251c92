import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CUSTOMER_EXPORT_PATH, customerContract as c, customerExportQuerySchema, customerStatusLabel, Permission, type Customer } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { toXlsx, XLSX_TYPE, type ExcelColumn } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './customer.service.js';

export function registerCustomerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.list, ({ body, request }) => service.pageCustomers(db, requireSession(request), body));
  registerContract(app, c.queryById, ({ body, request }) => service.getCustomer(db, requireSession(request), body.id));
  registerContract(app, c.add, ({ body, request }) => service.addCustomer(db, requireSession(request), body));
  registerContract(app, c.edit, ({ body, request }) => service.editCustomer(db, requireSession(request), body));

  app.withTypeProvider<ZodTypeProvider>().post(
    CUSTOMER_EXPORT_PATH,
    { config: { access: Permission.customerExport }, schema: { body: customerExportQuerySchema } },
    async (request, reply) => {
      const rows = await service.exportCustomers(db, requireSession(request), request.body);
      const file = await toXlsx('客户', exportColumns, rows);
      const stamp = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`客户${stamp}.xlsx`)}`)
        .header('x-content-type-options', 'nosniff')
        .send(file);
    },
  );
}

// ID numbers are masked in the export as in the list.
const exportColumns: ExcelColumn<Customer>[] = [
  { header: '客户编号', value: (r) => r.customerNo },
  { header: '姓名', value: (r) => r.name },
  { header: '手机号', value: (r) => r.phone },
  { header: '微信', value: (r) => r.wechat },
  { header: '证件类型', value: (r) => r.idType },
  { header: '证件号码', value: (r) => r.idNo },
  { header: '出生日期', value: (r) => r.birthDate },
  { header: '籍贯', value: (r) => r.hometown },
  { header: '预产期', value: (r) => r.dueDate },
  { header: '分娩日期', value: (r) => r.deliveryDate },
  { header: '分娩方式', value: (r) => r.deliveryMode },
  { header: '分娩医院', value: (r) => r.deliveryHospital },
  { header: '胎次', value: (r) => r.parity },
  { header: '客户等级', value: (r) => r.level },
  { header: '客户标签', value: (r) => r.tags.join('、') },
  { header: '所属门店', value: (r) => r.storeName },
  { header: '负责人', value: (r) => r.ownerName },
  { header: '状态', value: (r) => customerStatusLabel(r.status) },
  { header: '线索编号', value: (r) => r.leadNo },
  { header: '下次跟进时间', value: (r) => r.nextFollowAt },
  { header: '最近跟进时间', value: (r) => r.lastFollowAt },
  { header: '备注', value: (r) => r.remark },
  { header: '创建时间', value: (r) => r.createdAt },
];
