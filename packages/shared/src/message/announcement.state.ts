import { defineStateMachine } from '../resource/state-machine.js';
import { AnnouncementStatusLabel, AnnouncementText, type AnnouncementStatus } from './announcement.schema.js';

/** What can happen to an announcement: edited or deleted while not published, published, revoked. */
export type AnnouncementEvent = 'edit' | 'delete' | 'publish' | 'revoke';

// 未发布 → 已发布 ⇄ 已撤销; a published one is only revoked (edit and delete keep the state).
export const announcementMachine = defineStateMachine<AnnouncementStatus, AnnouncementEvent>({
  subject: '通告',
  stateLabel: (status) => AnnouncementStatusLabel[status],
  events: { edit: '编辑', delete: '删除', publish: '发布', revoke: '撤销' },
  moves: {
    edit: { draft: 'draft', revoked: 'revoked' },
    delete: { draft: 'draft', revoked: 'revoked' },
    publish: { draft: 'published', revoked: 'published' },
    revoke: { published: 'revoked' },
  },
  refusals: {
    edit: AnnouncementText.notEditable,
    delete: AnnouncementText.notDeletable,
    publish: AnnouncementText.notPublishable,
    revoke: AnnouncementText.notRevocable,
  },
});
