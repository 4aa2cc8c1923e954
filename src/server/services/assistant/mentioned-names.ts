import { normaliseQuestion } from './reading';

// Naming a service or a care item: which of the patient's appointments, care items or plan benefits a question names,
// through words that mean the same service ("eye exam" names "Vision exam").

/** Words that mean the same service; a question and a name match through them ("eye exam" → "Vision exam"). */
const SAME_THING: readonly (readonly string[])[] = [
  ['dental', 'dentist', 'teeth', 'tooth', 'cleaning', 'dentistry'],
  ['vision', 'eye', 'eyes', 'optometrist', 'optometry', 'glasses', 'ophthalmologist'],
  ['emergency', 'er'],
  ['urgent', 'walk'],
  ['prescription', 'prescriptions', 'drug', 'drugs', 'medication', 'medications', 'meds', 'medicine', 'pharmacy', 'rx'],
  ['preventive', 'preventative', 'prevention', 'physical', 'wellness', 'annual'],
  ['specialist', 'specialists', 'cardiologist', 'dermatologist'],
  ['primary', 'doctor', 'gp', 'pcp', 'physician'],
  ['mental', 'therapy', 'therapist', 'counseling', 'counselling', 'psychiatrist', 'psychologist'],
  ['lab', 'labs', 'laboratory', 'bloodwork'],
  ['imaging', 'xray', 'mri', 'scan', 'ultrasound'],
  ['hospital', 'inpatient', 'hospitalization', 'hospitalisation'],
  ['flu', 'influenza'],
  ['vaccine', 'vaccines', 'vaccination', 'immunization', 'immunisation', 'shot'],
];

/** Words too general to name a service or an item on their own ("care", "visit", "check"). */
const TOO_GENERAL = new Set(
  'the and for with what does how much is are my your plan cover covered coverage care visit check checkup exam examination test screening service room appointment when due next last dr'.split(
    ' ',
  ),
);

const singular = (word: string) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);

/** A text's words, "x-ray" as one. */
function words(text: string): string[] {
  return normaliseQuestion(text.replace(/\bx[\s-]?rays?\b/gi, 'xray'))
    .split(' ')
    .filter((word) => word.length >= 2);
}

function sameWord(a: string, b: string, synonyms: boolean): boolean {
  const [x, y] = [singular(a), singular(b)];
  if (x === y) return true;
  // A word and its longer form: 'exam' / 'examination', 'vaccin' / 'vaccination'.
  if (x.length >= 4 && y.length >= 4 && (x.startsWith(y) || y.startsWith(x))) return true;
  return synonyms && SAME_THING.some((group) => (group.includes(a) || group.includes(x)) && (group.includes(b) || group.includes(y)));
}

const isGeneral = (word: string) => TOO_GENERAL.has(word) || TOO_GENERAL.has(singular(word));

/** How many of a name's own words the question mentions; general words count a little, and only beside a specific one. */
function mentionScore(questionWords: readonly string[], name: string, synonyms: boolean): number {
  const nameWords = words(name);
  const mentioned = (word: string) => questionWords.some((q) => sameWord(q, word, synonyms));
  const specific = nameWords.filter((word) => !isGeneral(word) && mentioned(word)).length;
  if (specific === 0) return 0;
  return specific + nameWords.filter((word) => isGeneral(word) && mentioned(word)).length / 10;
}

/**
 * The items whose names the question mentions best, or none. With `synonyms: false` a name is mentioned by its own
 * words only, not by words that mean the same service: a medication's name is its own ("What medications am I on?"
 * does not name "Cough medicine", nor "When is my eye exam?" "Vision Plus").
 */
export function mentionedNames<T>(question: string, items: readonly T[], nameOf: (item: T) => string, { synonyms = true } = {}): T[] {
  const questionWords = words(question);
  const scored = items.map((item) => ({ item, score: mentionScore(questionWords, nameOf(item), synonyms) }));
  const best = Math.max(0, ...scored.map((s) => s.score));
  return best === 0 ? [] : scored.filter((s) => s.score === best).map((s) => s.item);
}
