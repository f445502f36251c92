import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 应收、收款与欠款授权. */
export const ReceivablePermission = definePermissions({});
