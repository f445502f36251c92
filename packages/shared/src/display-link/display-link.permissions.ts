import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 大屏链接 (/screen/links): the display links that open the big screens. */
export const DisplayLinkPermission = definePermissions({
  displayLinkList: ['screen:displayLink:list', '查看'],
  displayLinkAdd: ['screen:displayLink:add', '生成链接'],
  displayLinkRevoke: ['screen:displayLink:revoke', '撤销'],
});
