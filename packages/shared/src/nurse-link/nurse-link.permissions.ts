import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the nurse's edit links (buttons of the 月嫂 page, /serve/monthlyNurse). */
export const NurseLinkPermission = definePermissions({
  nurseLinkList: ['serve:nurseLink:list', '查看编辑链接'],
  nurseLinkAdd: ['serve:nurseLink:add', '生成编辑链接'],
  nurseLinkRevoke: ['serve:nurseLink:revoke', '撤销编辑链接'],
});
