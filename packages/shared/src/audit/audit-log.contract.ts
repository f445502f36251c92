import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';

const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '请输入正确的时间!');

/** 用户登录列表 filters: who, outcome, method, time range (Asia/Shanghai wall time). */
export const loginLogQuerySchema = pageQuerySchema.extend({
  username: z.string().max(64).optional(),
  success: z.boolean().optional(),
  method: z.enum(['password', 'phone', 'cas', 'wechat']).optional(),
  from: dateTime.optional(),
  to: dateTime.optional(),
});
export type LoginLogQuery = z.infer<typeof loginLogQuerySchema>;

export const loginLogSchema = z.object({
  id: z.string(),
  username: z.string(),
  method: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  success: z.boolean(),
  message: z.string(),
  createdAt: z.string(),
});
export type LoginLog = z.infer<typeof loginLogSchema>;

/** 访问日志 filters. */
export const visitLogQuerySchema = pageQuerySchema.extend({
  username: z.string().max(64).optional(),
  path: z.string().max(256).optional(),
  code: z.string().max(8).optional(),
  from: dateTime.optional(),
  to: dateTime.optional(),
});
export type VisitLogQuery = z.infer<typeof visitLogQuerySchema>;

export const visitLogSchema = z.object({
  id: z.number(),
  username: z.string(),
  method: z.string(),
  path: z.string(),
  ip: z.string(),
  durationMs: z.number(),
  httpStatus: z.number(),
  code: z.string(),
  createdAt: z.string(),
});
export type VisitLog = z.infer<typeof visitLogSchema>;

/** Rows one export may hold; narrow the filters for more. */
export const EXPORT_MAX_ROWS = 10_000;

export const auditLogContract = {
  loginLogList: defineContract({ method: 'POST', path: '/online/loginLog/list', access: 'system:loginLog:list', body: loginLogQuerySchema, result: pageResultSchema(loginLogSchema) }),
  visitLogList: defineContract({ method: 'POST', path: '/online/visitLog/list', access: 'system:visitLog:list', body: visitLogQuerySchema, result: pageResultSchema(visitLogSchema) }),
};
/** POST with the list's filters; answers an .xlsx file. */
export const LOGIN_LOG_EXPORT_PATH = '/online/loginLog/exportXls';
export const VISIT_LOG_EXPORT_PATH = '/online/visitLog/exportXls';
