import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 排房、入住、退房与结账. */
export const RoomStayPermission = definePermissions({});
