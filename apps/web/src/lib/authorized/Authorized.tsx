import type { ReactNode } from 'react';
import type { AuthEntry } from '@care/shared';
import { useAuthorized } from './useAuthorized';

interface AuthorizedProps {
  action: string;
  /** The permission list of the form the element belongs to, when there is one. */
  formPermissions?: readonly AuthEntry[] | null;
  children: ReactNode;
}

/** Renders its children only when the user may perform `action` (spec §5); otherwise nothing. */
export function Authorized({ action, formPermissions, children }: AuthorizedProps) {
  const authorized = useAuthorized();
  return authorized(action, formPermissions) ? <>{children}</> : null;
}
