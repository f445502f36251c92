import { formatDateTime } from '@care/shared';

type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
type Shown<V> = V extends Date ? string : V;
/** A row's shape as the API sends it: camelCase keys, instants as display text. */
export type Camelized<R> = { [K in keyof R & string as Camel<K>]: Shown<R[K]> };
// `never` when the row has a column the record lacks or a value of another type, so the call fails to compile.
type Fits<R, T> = [Exclude<keyof Camelized<R>, keyof T>] extends [never] ? (Camelized<R> extends T ? unknown : never) : never;

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The mapper from a row to the record type `T` the API sends: snake_case columns become camelCase
 * fields and instants the display text (date columns already arrive as text). The row must hold
 * exactly the record's fields: a selected column the record does not send is a compile error, never
 * a leak. Fields computed from other values are added by the caller around it.
 */
export function recordMapper<T>(): <R extends object>(row: R & Fits<R, T>) => T {
  return (row) => {
    const record: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(row)) record[camel(column)] = value instanceof Date ? formatDateTime(value) : value;
    return record as T;
  };
}
