import { z } from 'zod';

export const ModuleSwitchText = {
  saved: '保存成功！',
  /** A route under a module switched off (for the company, the user's stores or by 到家模式). */
  off: '该模块未启用',
  unknownModule: '不是一级模块',
  storeMissing: '门店不存在',
} as const;

/** Menu paths 到家模式 (modeType home) switches off: the rooms and their store and BI pages. */
export const HOSPITAL_ONLY_PATHS: readonly string[] = ['/room', '/store/room', '/bi/room'];

export const moduleSwitchSchema = z.object({
  /** null: the company's own switch; else one store's. */
  storeId: z.uuid().nullable(),
  path: z.string(),
  enabled: z.boolean(),
});
export type ModuleSwitch = z.infer<typeof moduleSwitchSchema>;

export const moduleSwitchStateSchema = z.object({
  /** The first-level menu folders of the product. */
  modules: z.array(z.object({ path: z.string(), title: z.string() })),
  stores: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Only what differs from on; a missing switch is on. */
  switches: z.array(moduleSwitchSchema),
  /** True under 到家模式: the room modules are off whatever their switch says. */
  homeMode: z.boolean(),
});
export type ModuleSwitchState = z.infer<typeof moduleSwitchStateSchema>;

export const moduleSwitchSaveSchema = z.object({
  storeId: z.uuid({ message: '门店不存在' }).nullable(),
  path: z.string({ message: '不是一级模块' }).min(1, { message: '不是一级模块' }),
  enabled: z.boolean({ message: '请选择是否启用' }),
});
export type ModuleSwitchSave = z.infer<typeof moduleSwitchSaveSchema>;
