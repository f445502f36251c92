import { Permission } from '@care/shared';
import { defineDataScope, shanghaiDateOf } from '../../platform/data-rules/index.js';

// `crm:reservation:storeScope` holders get its rules, others the menu's.
const reservationData = defineDataScope({
  resource: 'reservation',
  label: '预约',
  alias: 'r',
  columns: {
    ownerId: ['负责顾问', 'owner_id', 'uuid'],
    storeId: ['门店', 'store_id', 'uuid'],
    receptionistId: ['接待人', 'receptionist_id', 'uuid'],
    kind: ['预约类型', 'kind', 'text'],
    status: ['预约状态', 'status', 'text'],
    createdBy: ['创建人', 'created_by', 'uuid'],
    visitDate: ['预约日期', shanghaiDateOf('r', 'at'), 'date'],
  },
  menu: '/crm/reservation',
  scopeButton: Permission.reservationStoreScope,
});

/** The columns of 预约 that data rules may filter on; `r` is the alias of every reservation query. */
export const reservationRules = reservationData.rules;
export const RESERVATION_MENU = reservationData.menu;
export const reservationScope = reservationData.scope;
