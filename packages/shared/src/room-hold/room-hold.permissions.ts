import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 订房预约. */
export const RoomHoldPermission = definePermissions({});
