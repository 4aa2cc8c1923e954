/**
 * The 'long-record' template's documents: 'Lab report 1.pdf' (the oldest) to 'Lab report 2000.pdf' (the newest), an
 * hour apart, and, a thousand documents down, one letter that a search finds by words of its name.
 */
const COUNT = 2000;
const LETTER_AT = 1000;
const LETTER = 'Cardiology letter from Dr. Ärztin.pdf';
export const LONG_RECORD = {
  count: COUNT,
  letter: LETTER,
  filenames: Array.from({ length: COUNT }, (_, index) => (index === LETTER_AT ? LETTER : `Lab report ${index + 1}.pdf`)),
  uploadDate: (index: number) => new Date(Date.UTC(2020, 0, 1) + index * 3_600_000),
  newest: `Lab report ${COUNT}.pdf`,
  oldest: 'Lab report 1.pdf',
};
