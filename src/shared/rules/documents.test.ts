import { describe, expect, it } from 'vitest';
import { checkDocument, documentTypeOf, MAX_DOCUMENT_BYTES } from './documents';

describe('documentTypeOf', () => {
  it.each([
    [{ name: 'a.pdf', type: 'application/pdf' }, 'application/pdf'],
    [{ name: 'a.PNG', type: '' }, 'image/png'],
    [{ name: 'scan.jpeg', type: 'application/octet-stream' }, 'image/jpeg'],
    [{ name: 'a.jpg', type: 'image/jpeg' }, 'image/jpeg'],
    [{ name: 'a.pdf', type: 'text/html' }, null],
    [{ name: 'notes.txt', type: 'text/plain' }, null],
    [{ name: 'noextension', type: '' }, null],
  ])('%j → %s', (file, expected) => {
    expect(documentTypeOf(file)).toBe(expected);
  });
});

describe('checkDocument', () => {
  it.each([
    [{ name: 'a.pdf', type: 'application/pdf', size: MAX_DOCUMENT_BYTES }, null],
    [{ name: 'a.pdf', type: 'application/pdf', size: MAX_DOCUMENT_BYTES + 1 }, 'too-large'],
    [{ name: 'a.gif', type: 'image/gif', size: 10 }, 'wrong-type'],
  ])('%j → %s', (file, expected) => {
    expect(checkDocument(file)).toBe(expected);
  });
});
