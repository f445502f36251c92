import { sql, type RawBuilder } from 'kysely';

/**
 * A user's display name (真实姓名, else the login name) from `app_user` under `alias`: the one
 * expression every list uses for a consultant, an owner, an auditor or a creator.
 */
export function userDisplayName(alias: string): RawBuilder<string> {
  return sql<string>`coalesce(nullif(${sql.ref(`${alias}.first_name`)}, ''), ${sql.ref(`${alias}.username`)})`;
}
