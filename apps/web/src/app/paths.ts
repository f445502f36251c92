/** Router basename; Vite's `base` is the same path with a trailing slash. */
export const BASENAME = '/app';
/** Default home (spec §1). */
export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';
export const NOT_FOUND_PATH = '/404';
/** The nurse's own page (spec route), reached through an edit link without signing in. */
export const NURSE_LINK_PATH = '/uniapp/EditXfMonthlyNurseUniapp';
/** The big screens (spec route /bigscreen/bigscreen1..3), opened through a display link without signing in. */
export const BIGSCREEN_PATH = '/bigscreen/:screen';
/** 大屏链接, where display links are issued (menu path; `?issue=1|2|3` opens 生成链接 for that screen). */
export const SCREEN_LINKS_PATH = '/screen/links';
/** The AI log (spec route), read with a session or through an expiring link. */
export const AI_LOG_PATH = '/ai/aiLogHostory';

/** The sign-in URL that brings the user back to `wanted` afterwards. */
export function loginPathFor(wanted: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect: wanted })}`;
}

/**
 * Where to go after sign-in: the `redirect` query when it is a path inside the app, else home. An
 * absolute or protocol-relative address never leaves the app from here (no open redirect).
 */
export function redirectTarget(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return HOME_PATH;
  const pathname = redirect.split(/[?#]/, 1)[0] ?? '';
  if (pathname === LOGIN_PATH || pathname === '/') return HOME_PATH;
  return redirect;
}
