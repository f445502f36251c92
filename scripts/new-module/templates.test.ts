import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { centralEdits, insertAfter, moduleFiles, namesOf } from './templates.js';

const root = join(import.meta.dirname, '..', '..');

describe('npm run new:module', () => {
  const names = namesOf('room-type', '房型', '/room');

  it('derives every name from the kebab-case one', () => {
    expect(names).toMatchObject({ camel: 'roomType', pascal: 'RoomType', table: 'room_type', prefix: 'room:roomType' });
    expect(() => namesOf('RoomType', '房型', '/room')).toThrow(/kebab-case/);
    expect(() => namesOf('room', '房间', 'room')).toThrow(/top-level path/);
  });

  it('writes the module on each side, in folders named alike', () => {
    const files = Object.keys(moduleFiles(names, '0099'));
    expect(files).toContain('apps/server/src/modules/room-type/room-type.module.ts');
    expect(files).toContain('apps/web/src/modules/room-type/room-type.module.ts');
    expect(files).toContain('packages/shared/src/room-type/room-type.schema.ts');
    expect(files).toContain('apps/server/migrations/0099_room_type.sql');
  });

  // The anchors follow today's central lists: a change to their layout must show up here first.
  it('adds one line to each central list of the repository, after its last entry', () => {
    const edited = new Map<string, string>();
    for (const edit of centralEdits(names)) {
      const before = edited.get(edit.file) ?? readFileSync(join(root, edit.file), 'utf8');
      const after = insertAfter(before, edit.after, edit.line);
      expect(after.length - before.length).toBe(edit.line.length);
      edited.set(edit.file, after);
    }
    const modules = edited.get('apps/server/src/modules/index.ts')!;
    expect(modules).toMatch(/import roomType from '\.\/room-type\/room-type\.module\.js';\n\n/);
    expect(modules).toMatch(/ {2}roomType,\n\];/);
    const permissions = edited.get('packages/shared/src/permissions.ts')!;
    expect(permissions).toMatch(/ {2}\.\.\.RoomTypePermission,\n\} as const;/);
    expect(permissions).toMatch(/export \{ [^}]*, RoomTypePermission \};/);
    expect(edited.get('packages/shared/src/index.ts')).toMatch(/export \* from '\.\/room-type\/index\.js';\n$/);
  });
});
