import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 服务单. */
export const ServiceOrderPermission = definePermissions({});
