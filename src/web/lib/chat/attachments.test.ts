import { describe, expect, it } from 'vitest';
import { CHAT_ATTACHMENTS_MAX_BYTES } from '../../../shared/contracts/chat';
import { addAttachments, attachmentKind, removeAttachment } from './attachments';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
const names = (files: readonly File[]) => files.map((f) => f.name);

describe('addAttachments', () => {
  it('adds a new selection to the files already attached', () => {
    const first = addAttachments([], [file('a.pdf', 'application/pdf')]);
    const second = addAttachments(first.files, [file('b.png', 'image/png'), file('c.txt', 'text/plain')]);
    expect(names(second.files)).toEqual(['a.pdf', 'b.png', 'c.txt']);
    expect(second.refused).toEqual([]);
  });

  it('replaces a file of the same name', () => {
    const result = addAttachments([file('a.pdf', 'application/pdf', 5)], [file('a.pdf', 'application/pdf', 7)]);
    expect(result.files.map((f) => f.size)).toEqual([7]);
  });

  it('takes the type from the extension when the browser declares none', () => {
    expect(names(addAttachments([], [file('scan.JPG', '')]).files)).toEqual(['scan.JPG']);
  });

  it('refuses other types, an eleventh file, and more than 20 MiB in all', () => {
    expect(addAttachments([], [file('run.exe', 'application/x-msdownload'), file('x', '')]).refused).toEqual([
      { name: 'run.exe', reason: 'type' },
      { name: 'x', reason: 'type' },
    ]);
    const ten = Array.from({ length: 10 }, (_, i) => file(`${i}.txt`, 'text/plain'));
    expect(addAttachments(ten, [file('11.txt', 'text/plain')]).refused).toEqual([{ name: '11.txt', reason: 'count' }]);
    const big = file('big.pdf', 'application/pdf', CHAT_ATTACHMENTS_MAX_BYTES - 5);
    const result = addAttachments([big], [file('small.png', 'image/png', 5), file('more.png', 'image/png', 1)]);
    expect(names(result.files)).toEqual(['big.pdf', 'small.png']);
    expect(result.refused).toEqual([{ name: 'more.png', reason: 'size' }]);
  });
});

describe('removeAttachment', () => {
  it('removes the file of that name', () => {
    expect(names(removeAttachment([file('a.pdf', 'application/pdf'), file('b.png', 'image/png')], 'a.pdf'))).toEqual(['b.png']);
  });
});

describe('attachmentKind', () => {
  it.each([
    ['scan.png', 'image/png', 'image'],
    ['note.m4a', 'audio/mp4', 'audio'],
    ['clip.mp4', 'video/mp4', 'video'],
    ['report.pdf', 'application/pdf', 'document'],
    ['photo.jpeg', '', 'image'],
  ])('%s (%s) → %s', (name, type, kind) => {
    expect(attachmentKind({ name, type })).toBe(kind);
  });
});
