import { z } from 'zod';

export interface DictValueMeta {
  /** The dictionary (or enum) code whose items the value must be one of. */
  dict: string;
  label: string;
}

/**
 * Schemas of text that must be a value of a dictionary. The server checks every such field of every
 * route's body against the dictionary once the body is valid (`platform/http/dict-values.ts`), so a
 * schema only says which dictionary; no route checks by hand.
 */
export const dictValues = z.registry<DictValueMeta>();

export const dictValueMessage = (label: string) => `${label}不是字典中的有效选项`;

/** Marks a text schema as holding a value of the dictionary `dict`. */
export function inDict<S extends z.ZodType>(schema: S, dict: string, label: string): S {
  dictValues.add(schema, { dict, label });
  return schema;
}

/** A value of the dictionary `dict`: required (请选择…!) unless `required: false` (then '' means none). */
export function dictValue(label: string, dict: string, o: { required?: boolean; max?: number } = {}) {
  const text = z.string({ message: `请选择${label}!` }).trim().max(o.max ?? 64, `${label}不能超过${o.max ?? 64}个字符`);
  return inDict(o.required === false ? text : text.min(1, `请选择${label}!`), dict, label);
}
