import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 合同与合同模板. */
export const ContractPermission = definePermissions({});
