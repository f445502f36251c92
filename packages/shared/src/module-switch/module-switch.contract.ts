import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { ModuleSwitchPermission } from './module-switch.permissions.js';
import { moduleSwitchSaveSchema, moduleSwitchStateSchema, ModuleSwitchText } from './module-switch.schema.js';

/** 一级模块 of the session company. */
export const moduleSwitchContract = {
  list: defineContract({ method: 'POST', path: '/online/moduleSwitch/list', access: ModuleSwitchPermission.moduleSwitchList, body: z.object({}), result: moduleSwitchStateSchema }),
  save: defineContract({ method: 'POST', path: '/online/moduleSwitch/save', access: ModuleSwitchPermission.moduleSwitchEdit, body: moduleSwitchSaveSchema, result: z.null(), successMessage: ModuleSwitchText.saved }),
};
