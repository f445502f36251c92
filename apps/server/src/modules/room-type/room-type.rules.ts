import { defineDataScope, type DataScopeColumn } from '../../platform/data-rules/index.js';

/**
 * The data scope of a store's rows (room types, rooms) on their menu: rules filter by store and
 * creator, and by the module's own columns; `r` is the kit's alias.
 */
export function storeDataScope(resource: string, label: string, menu: string, columns: Record<string, DataScopeColumn>) {
  return defineDataScope({ resource, label, alias: 'r', menu, columns: { storeId: ['门店', 'store_id', 'uuid'], ...columns, createdBy: ['创建人', 'created_by', 'uuid'] } });
}

const roomTypeData = storeDataScope('room_type', '房型', '/room/roomType', { code: ['房型编码', 'code', 'text'] });

export const roomTypeRules = roomTypeData.rules;
export const roomTypeScope = roomTypeData.scope;
