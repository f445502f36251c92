import type { RequestUi } from './request';
import { clearSession } from './session';
import type { AppStorage } from './storage';

/** antd's notification and Modal, loaded with the first notice rather than with the start-up code. */
const antdFeedback = () => import('./antd-feedback');

/**
 * The browser side of the request layer. antd's static API, because the request client lives outside
 * React; every spec §8 notice is an error notice.
 */
export function createBrowserUi(storage: AppStorage): RequestUi {
  return {
    notify: ({ title, description, duration }) => void antdFeedback().then(({ notification }) => notification.error({ message: title, description, duration })),
    // An error dialog has a single button and no close icon, so signing in again is the only way on.
    confirm: ({ title, content, okText, onOk }) => void antdFeedback().then(({ Modal }) => Modal.error({ title, content, okText, onOk, keyboard: false })),
    reload: () => window.location.reload(),
    // The server-side logout call arrives with the sign-in issue; here the local session is cleared.
    logout: () => clearSession(storage),
  };
}

/** antd's message for pages outside the shell (the sign-in page), loaded on its first use. */
export const lazyMessage = {
  error: (content: string) => void antdFeedback().then(({ message }) => message.error(content)),
  success: (content: string) => void antdFeedback().then(({ message }) => message.success(content)),
};
