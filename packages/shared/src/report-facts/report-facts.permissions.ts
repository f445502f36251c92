import { definePermissions } from '../permission/define-permissions.js';

/** The facts behind reports, BI and screens have no page of their own: see docs/reports.md. */
export const ReportFactsPermission = definePermissions({});
