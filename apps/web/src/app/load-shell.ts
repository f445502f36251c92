/**
 * The shell's code (layout, menu, tabs, header). The sign-in form starts this when the user submits,
 * so the shell downloads while the server checks the password instead of after.
 */
export const loadShell = () => import('../layouts/BasicLayout');
