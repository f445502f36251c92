import type { FastifyInstance } from 'fastify';
import { customerContract as c, customerExportContract, customerStatusLabel, type Customer, type CustomerListQuery } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerExport } from '../../platform/crud/register-crud.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './customer.service.js';

export function registerCustomerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.list, ({ body, request }) => service.pageCustomers(db, requireSession(request), body));
  registerContract(app, c.queryById, ({ body, request }) => service.getCustomer(db, requireSession(request), body.id));
  registerContract(app, c.add, ({ body, request }) => service.addCustomer(db, requireSession(request), body));
  registerContract(app, c.edit, ({ body, request }) => service.editCustomer(db, requireSession(request), body));
  registerExport(app, customerExportContract, { label: '客户' }, (session, filters: CustomerListQuery) => service.exportCustomers(db, session, filters), exportColumns);
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
