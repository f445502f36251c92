/** One permission action a module declares: the action name and the title of its button. */
export type PermissionDecl = readonly [action: string, title: string, options?: { routed?: false }];

export interface ButtonSeed {
  action: string;
  title: string;
}

const titles = new Map<string, string>();
const unrouted = new Set<string>();

/**
 * A module's permission actions, as `{ key: action }` for the code and, kept beside them, the titles
 * its buttons are seeded with. An action the server checks in a service rather than on a route (a
 * data scope, 查看完整证件号) says `{ routed: false }`; every other action must guard a route.
 */
export function definePermissions<const T extends Record<string, PermissionDecl>>(decls: T): { readonly [K in keyof T]: T[K][0] } {
  const actions: Record<string, string> = {};
  for (const [key, [action, title, options]] of Object.entries(decls)) {
    titles.set(action, title);
    if (options?.routed === false) unrouted.add(action);
    actions[key] = action;
  }
  return actions as { readonly [K in keyof T]: T[K][0] };
}

/** The buttons of a module's permissions, in declaration order (what the permission seed inserts). */
export function buttonsOf(permissions: Readonly<Record<string, string>>): ButtonSeed[] {
  return Object.values(permissions).map((action) => ({ action, title: titles.get(action) ?? action }));
}

/** Whether an action is declared as checked inside a service rather than guarding a route. */
export function isUnroutedAction(action: string): boolean {
  return unrouted.has(action);
}

/** Some of a module's actions (for a module whose actions sit on several menus). */
export function pick<T extends Record<string, string>, K extends keyof T>(permissions: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, permissions[k]])) as Pick<T, K>;
}
