import { definePermissions } from '../permission/define-permissions.js';

/** 工作台 and 任务 show the caller's own work; their routes are `authenticated` (see docs/reports.md). */
export const WorkplacePermission = definePermissions({});
