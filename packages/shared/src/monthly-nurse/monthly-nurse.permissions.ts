import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 月嫂 (/serve/monthlyNurse): profiles, certificates and leave. */
export const MonthlyNursePermission = definePermissions({
  monthlyNurseList: ['serve:monthlyNurse:list', '查询月嫂'],
  monthlyNurseAdd: ['serve:monthlyNurse:add', '新增月嫂'],
  monthlyNurseEdit: ['serve:monthlyNurse:edit', '编辑月嫂'],
  monthlyNurseDelete: ['serve:monthlyNurse:delete', '删除月嫂'],
  monthlyNurseStatus: ['serve:monthlyNurse:status', '变更月嫂状态'],
  monthlyNurseCertificate: ['serve:monthlyNurse:certificate', '维护月嫂证书'],
  monthlyNurseLeave: ['serve:monthlyNurse:leave', '维护月嫂请假'],
  monthlyNurseExport: ['serve:monthlyNurse:export', '导出月嫂'],
});
