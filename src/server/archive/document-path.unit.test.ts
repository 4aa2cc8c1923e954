import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentPath } from './document-path';

describe('a document’s path in the archive', () => {
  it('is documents/{id}-{name}, the name as the patient gave it when it is plain', () => {
    expect(documentPath(12, 'Blood test results.pdf')).toBe('documents/12-Blood test results.pdf');
    expect(documentPath(3, 'Röntgen (Knie).jpg')).toBe('documents/3-Röntgen (Knie).jpg');
  });

  it('cannot climb out of its folder, hide itself, or be empty', () => {
    expect(documentPath(1, '../../etc/passwd')).toBe('documents/1-_.._etc_passwd');
    expect(documentPath(2, '.bashrc')).toBe('documents/2-bashrc');
    expect(documentPath(3, '...')).toBe('documents/3-document');
    expect(documentPath(4, 'C:\\Windows\\x.pdf')).toBe('documents/4-C_Windows_x.pdf');
  });

  it('keeps its extension when the name is cut short', () => {
    const path = documentPath(5, `${'a'.repeat(300)}.pdf`);
    expect(path).toMatch(/^documents\/5-a+\.pdf$/);
    expect(path.length).toBeLessThanOrEqual('documents/5-'.length + 120);
  });

  it('is one plain file below documents/ whatever the name', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.string({ unit: 'binary', maxLength: 300 }), (id, name) => {
        const path = documentPath(id, name);
        const [folder, file, ...rest] = path.split('/');
        expect(folder).toBe('documents');
        expect(rest).toEqual([]);
        expect(file!.startsWith(`${id}-`)).toBe(true);
        expect([...file!].some((character) => '\\:*?"<>|'.includes(character) || character.charCodeAt(0) < 0x20)).toBe(false);
      }),
    );
  });
});
