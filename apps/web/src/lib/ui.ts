import { Modal, notification } from 'antd';
import type { RequestUi } from './request';
import { clearSession } from './session';
import type { AppStorage } from './storage';

/**
 * The browser side of the request layer. antd's static API, because the request client lives outside
 * React; every spec §8 notice is an error notice.
 */
export function createBrowserUi(storage: AppStorage): RequestUi {
  return {
    notify: ({ title, description, duration }) => notification.error({ message: title, description, duration }),
    // An error dialog has a single button and no close icon, so signing in again is the only way on.
    confirm: ({ title, content, okText, onOk }) => Modal.error({ title, content, okText, onOk, keyboard: false }),
    reload: () => window.location.reload(),
    // The server-side logout call arrives with the sign-in issue; here the local session is cleared.
    logout: () => clearSession(storage),
  };
}
