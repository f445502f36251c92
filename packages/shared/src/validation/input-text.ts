// A NUL byte cannot be stored in a PostgreSQL text (22021) and a lone UTF-16 surrogate has no UTF-8
// form (it would be saved as U+FFFD): neither is ever a user's text, so requests holding one are refused.
const UNSAFE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const InputTextText = {
  unsafe: '不能包含空字符或无效的Unicode字符',
} as const;

export function isSafeText(value: string): boolean {
  return !UNSAFE.test(value);
}

/**
 * The path (`remark`, `items.0.name`; '' for the value itself) of the first string — value or object
 * key — holding a NUL or a lone surrogate; undefined when there is none. Iterative, so no nesting
 * depth a JSON body can carry overflows the stack.
 */
export function findUnsafeText(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isSafeText(v)) return path;
    } else if (v && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        const at = path ? `${path}.${key}` : key;
        if (!isSafeText(key)) return at;
        stack.push([child, at]);
      }
    }
  }
  return undefined;
}
