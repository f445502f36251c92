import { describe, expect, it } from 'vitest';
import { applyUploadEvent, entriesFromValue, refuseDocument, refuseFile, uploadFailedText, valueOf, type UploadEntry } from './upload-model';

describe('upload widget model', () => {
  it('refuses anything but images (请上传图片) and oversize files', () => {
    expect(refuseFile({ type: 'image/png', size: 10 })).toBeNull();
    expect(refuseFile({ type: 'application/pdf', size: 10 })).toBe('请上传图片');
    expect(refuseFile({ type: '', size: 10 })).toBe('请上传图片');
    expect(refuseFile({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBe('图片大小不能超过5MB');
  });

  it('the failure text names the file', () => {
    expect(uploadFailedText('a.png')).toBe('a.png 上传失败.');
  });

  it('reads a comma-separated value into done entries', () => {
    expect(entriesFromValue('c1/routine/a.png, c1/routine/b.png').map((e) => [e.status, e.path, e.name])).toEqual([
      ['done', 'c1/routine/a.png', 'a.png'],
      ['done', 'c1/routine/b.png', 'b.png'],
    ]);
    expect(entriesFromValue('')).toEqual([]);
    expect(entriesFromValue(null)).toEqual([]);
  });

  it('multiple: emits the done paths comma-separated; error and removed drop out', () => {
    let list: UploadEntry[] = entriesFromValue('p/a.png');
    list = applyUploadEvent(list, { type: 'added', uid: 'u1', name: 'b.png' }, true);
    list = applyUploadEvent(list, { type: 'added', uid: 'u2', name: 'c.png' }, true);
    expect(valueOf(list, true)).toBe('p/a.png');
    list = applyUploadEvent(list, { type: 'done', uid: 'u1', path: 'p/b.png' }, true);
    list = applyUploadEvent(list, { type: 'error', uid: 'u2' }, true);
    expect(list.map((e) => e.status)).toEqual(['done', 'done', 'error']);
    expect(valueOf(list, true)).toBe('p/a.png,p/b.png');
    list = applyUploadEvent(list, { type: 'removed', uid: list[0]!.uid }, true);
    expect(valueOf(list, true)).toBe('p/b.png');
  });

  it('single: the last done file replaces the previous one', () => {
    let list = entriesFromValue('p/old.png');
    list = applyUploadEvent(list, { type: 'added', uid: 'u1', name: 'new.png' }, false);
    expect(valueOf(list, false)).toBe('p/old.png');
    list = applyUploadEvent(list, { type: 'done', uid: 'u1', path: 'p/new.png' }, false);
    expect(list).toHaveLength(1);
    expect(valueOf(list, false)).toBe('p/new.png');
    list = applyUploadEvent(list, { type: 'removed', uid: 'u1' }, false);
    expect(valueOf(list, false)).toBe('');
  });
});

describe('refuseDocument', () => {
  it('takes images and PDF, Office and text documents up to 5 MB, by extension', () => {
    for (const name of ['手册.PDF', 'a.docx', 'b.xls', 'c.pptx', 'd.csv', 'e.txt', 'f.png']) expect(refuseDocument({ name, size: 1024 }), name).toBeNull();
    expect(refuseDocument({ name: 'setup.exe', size: 1024 })).toBe('请上传图片、PDF、Word、Excel、PowerPoint、TXT或CSV文件');
    expect(refuseDocument({ name: 'noextension', size: 1024 })).toBe('请上传图片、PDF、Word、Excel、PowerPoint、TXT或CSV文件');
    expect(refuseDocument({ name: 'big.pdf', size: 6 * 1024 * 1024 })).toBe('文件大小不能超过5MB');
  });
});
