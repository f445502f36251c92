import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { dictValueMessage, dictValues, type DictValueMeta } from '@care/shared';
import { ValidationError } from '../errors.js';

/** The values of a dictionary or enum (disabled items included), or undefined when there is no such code. */
export type DictValuesOf = (code: string) => Promise<ReadonlySet<string> | undefined>;

// '*': every element of an array.
interface DictField extends DictValueMeta {
  path: (string | '*')[];
}

/**
 * Every route's validated body: each field whose schema is marked as a dictionary value (`inDict`,
 * `dictValue`, `field.dict`) must hold a value of that dictionary — 'bitcoin' as a 收款方式 is refused
 * with 422 before the handler runs. '' (none) passes; the schema decides whether it is required.
 * Disabled items pass, so a row keeping an old value stays editable.
 */
export function installDictValueCheck(app: FastifyInstance, valuesOf: DictValuesOf): void {
  const fieldsBySchema = new WeakMap<object, DictField[]>();
  app.addHook('preHandler', async (request) => {
    const schema = request.routeOptions.schema?.body as z.ZodType | undefined;
    if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return;
    let fields = fieldsBySchema.get(schema);
    if (!fields) fieldsBySchema.set(schema, (fields = dictFieldsOf(schema)));
    for (const field of fields) {
      for (const value of valuesAt(request.body, field.path)) {
        if (typeof value !== 'string' || value === '') continue;
        const values = await valuesOf(field.dict);
        // A code that is no dictionary (an online form's table source) is checked where it is served.
        if (values && !values.has(value)) throw new ValidationError(dictValueMessage(field.label));
      }
    }
  });
}

/** The dictionary-value fields of a schema, through objects, arrays, unions, wrappers and pipes. */
export function dictFieldsOf(schema: z.ZodType): DictField[] {
  const found: DictField[] = [];
  const seen = new Set<unknown>();
  const walk = (s: z.ZodType | undefined, path: DictField['path']) => {
    if (!s || seen.has(s)) return;
    seen.add(s);
    const meta = dictValues.get(s);
    if (meta) found.push({ ...meta, path });
    const def = (s as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
    switch (def.type) {
      case 'object':
        for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) walk(child, [...path, key]);
        break;
      case 'array':
        walk(def.element as z.ZodType, [...path, '*']);
        break;
      case 'union':
        for (const option of def.options as z.ZodType[]) walk(option, path);
        break;
      case 'intersection':
        walk(def.left as z.ZodType, path);
        walk(def.right as z.ZodType, path);
        break;
      case 'pipe':
        walk(def.in as z.ZodType, path);
        break;
      case 'optional': case 'nullable': case 'default': case 'prefault': case 'catch': case 'readonly': case 'nonoptional':
        walk(def.innerType as z.ZodType, path);
        break;
    }
    seen.delete(s);
  };
  walk(schema, []);
  return found;
}

function valuesAt(value: unknown, path: DictField['path'], at = 0): unknown[] {
  if (at === path.length) return [value];
  if (!value || typeof value !== 'object') return [];
  const key = path[at]!;
  if (key === '*') return Array.isArray(value) ? value.flatMap((v) => valuesAt(v, path, at + 1)) : [];
  return Object.hasOwn(value, key) ? valuesAt((value as Record<string, unknown>)[key], path, at + 1) : [];
}

