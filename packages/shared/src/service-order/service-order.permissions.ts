import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 服务单. */
export const ServiceOrderPermission = definePermissions({
  serviceOrderList: ['serve:serviceOrder:list', '查询服务单'],
  serviceOrderAdd: ['serve:serviceOrder:add', '新增服务单'],
  serviceOrderDispatch: ['serve:serviceOrder:dispatch', '派工'],
  serviceOrderStart: ['serve:serviceOrder:start', '开始服务'],
  serviceOrderComplete: ['serve:serviceOrder:complete', '完成服务'],
  serviceOrderCancel: ['serve:serviceOrder:cancel', '取消服务单'],
  serviceOrderExport: ['serve:serviceOrder:export', '导出服务单'],
});
