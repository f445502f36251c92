import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 订单. */
export const OrderPermission = definePermissions({});
