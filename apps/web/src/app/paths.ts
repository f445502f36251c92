/** Router basename; Vite's `base` is the same path with a trailing slash. */
export const BASENAME = '/app';
/** Default home (spec §1). */
export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';
export const NOT_FOUND_PATH = '/404';

/** The sign-in URL that brings the user back to `wanted` afterwards. */
export function loginPathFor(wanted: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect: wanted })}`;
}
