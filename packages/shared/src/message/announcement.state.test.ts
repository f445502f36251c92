import { describe, expect, it } from 'vitest';
import { AnnouncementText } from './announcement.schema.js';
import { announcementMachine } from './announcement.state.js';

describe('announcementMachine', () => {
  it('publishes drafts and revoked ones, revokes published ones, edits and deletes only what is not published', () => {
    expect(announcementMachine.move('draft', 'publish')).toEqual({ ok: true, from: 'draft', to: 'published' });
    expect(announcementMachine.move('revoked', 'publish')).toEqual({ ok: true, from: 'revoked', to: 'published' });
    expect(announcementMachine.move('published', 'revoke')).toEqual({ ok: true, from: 'published', to: 'revoked' });
    for (const event of ['edit', 'delete'] as const) {
      expect(announcementMachine.can('draft', event)).toBe(true);
      expect(announcementMachine.can('revoked', event)).toBe(true);
      expect(announcementMachine.can('published', event)).toBe(false);
    }
  });

  it('refuses in the product words', () => {
    expect(announcementMachine.move('published', 'publish')).toEqual({ ok: false, message: AnnouncementText.notPublishable });
    expect(announcementMachine.move('draft', 'revoke')).toEqual({ ok: false, message: AnnouncementText.notRevocable });
    expect(announcementMachine.move('revoked', 'revoke')).toEqual({ ok: false, message: AnnouncementText.notRevocable });
    expect(announcementMachine.move('published', 'edit')).toEqual({ ok: false, message: AnnouncementText.notEditable });
    expect(announcementMachine.move('published', 'delete')).toEqual({ ok: false, message: AnnouncementText.notDeletable });
  });
});
