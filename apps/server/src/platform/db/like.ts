/** `%` and `_` (and the escape character itself) match literally in a LIKE pattern with `escape '\'`. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
