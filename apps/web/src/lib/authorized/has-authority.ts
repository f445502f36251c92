import { DataRulePermission, type AuthEntry } from '@care/shared';

export interface AuthorityLists {
  /** The permission list of the form being shown, when the element sits in one. */
  formPermissions?: readonly AuthEntry[] | null;
  /** The signed-in user's auth list (stored under LOGIN_USER_BUTTON_AUTH). */
  auth: readonly AuthEntry[];
  /** Every action the system knows with its status (stored under SYS_BUTTON_AUTH). */
  allAuth: readonly AuthEntry[];
}

/** Type "2" entries take no part in any check (spec §3). */
const EXCLUDED_TYPE = '2';
/** In the all-auth list, status "0" means the action is enabled for everyone (spec §3, §5). */
const ENABLED_STATUS = '0';

const counts = (entry: AuthEntry, action: string) => entry.action === action && entry.type !== EXCLUDED_TYPE;

/**
 * Spec §5: an element guarded by `action` stays when the action is in the current form's permission
 * list, or in the user's auth list, or enabled in the all-auth list; otherwise it is removed.
 */
export function hasAuthority(action: string, { formPermissions, auth, allAuth }: AuthorityLists): boolean {
  if (formPermissions?.some((entry) => counts(entry, action))) return true;
  if (auth.some((entry) => counts(entry, action))) return true;
  return allAuth.some((entry) => counts(entry, action) && entry.status === ENABLED_STATUS);
}

/** Spec §6: holding `allhrdata` lifts the user's data scope to the whole business unit. */
export function holdsAllHrData(auth: readonly AuthEntry[]): boolean {
  return auth.some((entry) => counts(entry, DataRulePermission.allHrData));
}
