// antd's static notices and dialogs, in a chunk of their own: the request layer and the sign-in page
// load it on their first notice, so it is not part of every start's download (issue 14).
export { message, Modal, notification } from 'antd';
