export { Authorized } from './Authorized';
export { hasAuthority, holdsAllHrData, type AuthorityLists } from './has-authority';
export { useAuthorized, useHasAllHrData } from './useAuthorized';
