import type { FastifyInstance } from 'fastify';
import { nurseEvaluationContract as c, type NurseEvaluation, type NurseEvaluationListQuery } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerExport } from '../../platform/crud/register-crud.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import * as actions from './nurse-evaluation.actions.js';

export function registerNurseEvaluationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.list, ({ body, request }) => actions.pageEvaluations(db, requireSession(request), body));
  registerContract(app, c.queryById, ({ body, request }) => actions.getEvaluation(db, requireSession(request), body.id));
  registerContract(app, c.evaluable, ({ body, request }) => actions.evaluable(db, requireSession(request), body.keyword));
  registerContract(app, c.evaluated, ({ body, request }) => actions.evaluated(db, requireSession(request), body.assignmentIds));
  registerContract(app, c.add, ({ body, request }) => actions.addEvaluation(db, requireSession(request), body));
  registerContract(app, c.edit, ({ body, request }) => actions.editEvaluation(db, requireSession(request), body));
  registerExport(app, c.exportXls, { label: '月嫂评价' }, (session, filters: Partial<NurseEvaluationListQuery>) => actions.exportEvaluations(db, session, filters), exportColumns);
}

const exportColumns: ExcelColumn<NurseEvaluation>[] = [
  { header: '派工单号', value: (r) => r.assignmentNo },
  { header: '门店', value: (r) => r.storeName },
  { header: '月嫂', value: (r) => r.nurseName },
  { header: '月嫂编号', value: (r) => r.nurseNo },
  { header: '客户', value: (r) => r.customerName },
  { header: '总体评分', value: (r) => r.overall },
  { header: '专业技能', value: (r) => r.aspects.skill ?? '' },
  { header: '服务态度', value: (r) => r.aspects.attitude ?? '' },
  { header: '卫生习惯', value: (r) => r.aspects.hygiene ?? '' },
  { header: '沟通能力', value: (r) => r.aspects.communication ?? '' },
  { header: '评价内容', value: (r) => r.comment },
  { header: '评价时间', value: (r) => r.evaluatedAt },
  { header: '月嫂评分', value: (r) => r.nurseRating },
];
