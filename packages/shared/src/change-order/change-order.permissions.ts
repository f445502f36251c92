import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 变更单. */
export const ChangeOrderPermission = definePermissions({});
