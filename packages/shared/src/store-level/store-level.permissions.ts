import { definePermissions } from '../permission/define-permissions.js';

/** The 门店 pages reuse the modules' own actions and data rules (docs/reports.md "Store pages"). */
export const StoreLevelPermission = definePermissions({});
