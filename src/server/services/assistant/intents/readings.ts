import { MEASURES, type Measure, type MeasureKind } from '../../../../shared/rules/measures';
import type { Intent } from '../intent';
import { TREND_DAYS, type MeasureReadings, type PatientFacts, type ReadingFact, type ReadingPoint } from '../patient-facts';
import { anyOf, normaliseQuestion } from '../reading';
import { numberWords } from '../../../../shared/rules/observations';
import { measureInSentence } from '../../../../shared/rules/observations';
import { FLAG_WORDS, readingNoun, readingsCount } from '../reading-words';
import { andList, longDate } from './phrasing';

// The patient's vitals and lab results (issue 35), from their readings: the last reading of a measure named by its
// name or another word for it ('a1c', 'blood sugar', 'LDL'), whether it is going up or down, and the latest results
// against their ranges. Every answer gives the numbers, units, dates and flags the Vitals and Lab Results pages show;
// none says what a result means for the patient's health: their doctor does. General questions ("how can I lower
// blood pressure?", "my blood pressure is 150/95, is that high?") are the general guidance's.

// --- Which measure a question names ---

/** Words of the measures table too common in a question to name a measure there ("my pain came back"). */
const NOT_A_NAME_IN_A_QUESTION = new Set(['pain', 'length', 'color', 'colour', 'appearance', 'clarity', 'protein', 'saturation', 'got', 'gpt', 'alc', 'dia', 'sys', 'mono', 'glob']);
/** Everyday words for a measure, beside the table's own ('how much do I weigh?'). */
const EVERYDAY_WORDS: ReadonlyArray<readonly [string, string]> = [
  ['sugar', '2345-7'],
  ['weigh', '29463-7'],
  ['tall', '8302-2'],
  ['oxygen', '59408-5'],
  ['heartbeat', '8867-4'],
];

/**
 * Each measure by its name and other words, normalised as a question is: the table's order decides between two
 * measures of the same words. Two-letter words are too ambiguous ('k', 'na', 'hr'), but for 'bp'.
 */
const BY_WORDS = new Map<string, Measure>();
for (const measure of MEASURES) {
  for (const words of [measure.name, ...measure.aliases].map(normaliseQuestion)) {
    if ((words.length >= 3 || words === 'bp') && !NOT_A_NAME_IN_A_QUESTION.has(words) && !BY_WORDS.has(words)) BY_WORDS.set(words, measure);
  }
}
for (const [words, code] of EVERYDAY_WORDS) BY_WORDS.set(words, MEASURES.find((measure) => measure.loinc === code)!);
/** Any of the words, the longest first ('hemoglobin a1c' before 'hemoglobin'), with a plural ('blood sugars'). */
const MEASURE_WORDS = new RegExp(
  `\\b(${[...BY_WORDS.keys()].sort((a, b) => b.length - a.length).join('|')})s?\\b`,
  'g',
);

/** The measures a normalised question names, in its order, each once. */
function namedMeasures(text: string): Measure[] {
  const named = [...text.matchAll(MEASURE_WORDS)].map((match) => BY_WORDS.get(match[1]!)!);
  return [...new Set(named)];
}

/** Panels a question may name as a whole ("my lipid panel", "my thyroid results"), as the Lab Results page groups tests. */
const PANELS: ReadonlyArray<{ panel: string; title: string; words: RegExp }> = [
  { panel: 'Lipid panel', title: 'lipid panel', words: /\b(lipids?|lipid (panel|profile)|cholesterol (panel|results|levels|numbers))\b/ },
  { panel: 'CBC', title: 'CBC (complete blood count)', words: /\b(cbc|complete blood count|blood counts?)\b/ },
  { panel: 'Metabolic panel', title: 'metabolic panel', words: /\b(metabolic panel|bmp|cmp|electrolytes)\b/ },
  { panel: 'Liver', title: 'liver tests', words: /\b(liver (panel|function|tests?|enzymes|results)|lfts?)\b/ },
  { panel: 'Thyroid', title: 'thyroid tests', words: /\bthyroid\b/ },
  { panel: 'Urinalysis', title: 'urinalysis', words: /\b(urinalysis|urine (tests?|results))\b/ },
];

// --- What a question asks ---

/** The patient's own readings: "my", "last", "latest"… */
const ABOUT_OWN = anyOf(/\bmy\b/, /\b(last|latest|recent|recently|most recent|newest|current|currently|previous)\b/, /\bdo i weigh\b/, /\bhow (tall|heavy) am i\b/);
/** Whether it is going up or down. */
const ASKS_TREND = anyOf(
  /\b(going|gone|went|trending|trend|trends|trended|rising|risen|falling|fallen|dropping|dropped|climbing|increasing|decreasing|improving|improved|worsening|changed|changing|progress|lately|over time|so far)\b/,
  /\b(getting|get|got) (better|worse|higher|lower|up|down)\b/,
  /\b(higher|lower|better|worse) than\b/,
  /\bup or down\b|\bcompare/,
  /\bhow(s| is| has| have| are) my\b/,
);
const ASKS_LABS = /\b(labs?|laboratory|bloodwork|blood work|blood tests?|blood results?|test results?)\b/;
const ASKS_VITALS = /\b(vitals|vital signs?)\b/;
const ASKS_ABNORMAL = /\b(abnormal|out of range|outside (the |my |their |its )?(normal |usual )?ranges?|flagged|red flags?)\b/;
const ASKS_RESULTS = /\b(results|readings|measurements|numbers|values|levels)\b/;
/** What a result means: the general guidance's, unless the question is about the patient's last or latest one. */
const ASKS_MEANING = /\b(mean|means|meaning)\b/;

/** How to record a reading: the Vitals and Lab Results pages' own forms. */
const ASKS_HOW_TO_RECORD = anyOf(/\b(how|where) (do|can|could|would|should) i (add|log|record|enter|track|input|save|import)\b/, /\bhow to (add|log|record|enter|track|input|import)\b/);

/** Questions about a measure that other intents answer, or none does. */
const NOT_ABOUT_READINGS = anyOf(
  // What to do about it: the general guidance's, or the doctor's.
  /\bhow (can|could|do|should|would|to) (i )?(\w+ )?(lower|reduce|bring|get|raise|increase|decrease|improve|control|manage|keep|lose|gain|stop|prevent|fix|treat)\b/,
  /\b(ways?|tips?|advice) (to|for|on)\b/,
  /\bwhat (can|should|could) i (do|eat|drink|take|change)\b/,
  /\bshould (\w+ ){0,3}be\b/,
  /\bwhat (causes|cause|makes)\b/,
  /\b(symptoms?|signs?) of\b/,
  /\bdo i need\b/,
  // How to measure one: the doctor's or the device's instructions.
  /\b(how|where) (do|can|could|would|should) i (measure|take|check)\b/,
  // Medications, care, appointments and documents: their own intents.
  /\b(do|did) i take\b|\bam i taking\b|\b(medications?|medicines?|meds|pills|tablets|prescriptions?|doses?)\b/,
  /\b(check|checks|checkup|screening|screenings|appointments?|appts?|visit|visits|scheduled|overdue|next|book|booking)\b|\bdue\b(?! to\b)/,
  /\bwhen (is|are|s|will|should)\b|\bwhens\b/,
  /\b(reports?|documents?|files?|pdfs?|uploaded|upload|uploads|scans?)\b/,
  // A value the patient gives ("my blood pressure is 150/95, is that high?"): what it means is the general guidance's.
  /\b(is|was|are|were|of|at|reads?|reading|read|came back|got|around|about|showed|shows|measured)( at| as)? \d/,
  /\b\d{2,3} (over )?\d{2,3}\b/,
  /^\d/,
);

/** The question names a measure, a panel, or results of a kind. */
const namesReadings = (text: string) =>
  namedMeasures(text).length > 0 || PANELS.some((panel) => panel.words.test(text)) || ASKS_LABS.test(text) || ASKS_VITALS.test(text) || /\breadings?\b/.test(text);

function matchesReadings(text: string): boolean {
  // "How do I record my blood pressure?" (uploading a document is the how-to intents', tried before).
  if (ASKS_HOW_TO_RECORD(text) && namesReadings(text)) return true;
  if (NOT_ABOUT_READINGS(text)) return false;
  if (ASKS_MEANING.test(text) && !ASKS_TREND(text) && !/\b(last|latest|recent|newest)\b/.test(text)) return false;
  if (namedMeasures(text).length > 0 || PANELS.some((panel) => panel.words.test(text))) return ABOUT_OWN(text) || ASKS_TREND(text);
  return ASKS_LABS.test(text) || ASKS_VITALS.test(text) || ASKS_ABNORMAL.test(text) || (ASKS_RESULTS.test(text) && ABOUT_OWN(text));
}

// --- The answers ---

const ASK_YOUR_DOCTOR = 'Your doctor can tell you what your results mean for you.';
const CRITICAL =
  'A result flagged critically high or low is one to raise with your doctor promptly; if you feel unwell, call them now, or call 911 in an emergency.';
/** Fewer readings than this, all told, are too few to tell a trend from. */
const FEWEST_FOR_A_TREND = 4;
/** Each span of TREND_DAYS days needs this many readings for their means to be compared. */
const FEWEST_IN_A_SPAN = 2;
/** Results an answer lists at most; the pages have the rest. */
const LISTED = 12;

const pageOf = (kind: MeasureKind) => (kind === 'vital-sign' ? 'the Vitals page' : 'the Lab Results page');
const readingsOf = (facts: PatientFacts) => facts.readings;
const readingOf = (facts: PatientFacts, measure: Measure) => readingsOf(facts).find((reading) => reading.latest.code === measure.loinc);

/** ' (usual range 4–5.6 %: high)', " (the lab's range 70–99 mg/dL: in range)", ' (high)'; nothing without a range or a flag. */
function flagNote(reading: ReadingFact): string {
  const flag = reading.flag ? FLAG_WORDS[reading.flag] : 'in range';
  if (reading.range) return ` (${reading.labRange ? "the lab's range" : 'usual range'} ${reading.range}: ${flag})`;
  return reading.flag ? ` (${flag})` : '';
}

/** 'hemoglobin A1c 6.1 % on March 3, 2026 (usual range 4–5.6 %: high)' */
const resultLine = (reading: ReadingFact) => `${measureInSentence(reading.name)} ${reading.value} on ${longDate(reading.date)}${flagNote(reading)}`;

/** "You have no blood pressure readings yet: record one on the Vitals page." */
function noneYet(measure: Measure): string {
  const name = measureInSentence(measure.name);
  return measure.kind === 'vital-sign'
    ? `You have no ${name} readings yet: record one on the Vitals page.`
    : `You have no ${name} results yet: record one on the Lab Results page, or import your lab's CSV file there.`;
}

/** "what was my last A1c?": the newest reading, its range and flag, and the one before it. */
function latestAnswer(reading: MeasureReadings): string {
  const { latest } = reading;
  const [before] = reading.earlier;
  return [
    `Your last ${measureInSentence(latest.name)} was ${latest.value} on ${longDate(latest.date)}${flagNote(latest)}.`,
    before ? `The one before was ${points(reading, [before])}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

const pointWords = (reading: MeasureReadings, point: Pick<ReadingPoint, 'number' | 'second'>) => numberWords(point.number, point.second, reading.unit, reading.decimals);
/** '128/82 mmHg on November 21, 2026 and 130/84 mmHg on November 2, 2026' */
const points = (reading: MeasureReadings, list: readonly ReadingPoint[]) => andList.format(list.map((point) => `${pointWords(reading, point)} on ${longDate(point.date)}`));

/** The mean of some readings, unrounded: the words round it as the pages do. */
function meanOf(list: readonly ReadingPoint[]): Pick<ReadingPoint, 'number' | 'second'> {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const seconds = list.flatMap((point) => (point.second === null ? [] : [point.second]));
  return { number: mean(list.map((point) => point.number)), second: seconds.length === list.length ? mean(seconds) : null };
}

/**
 * 'up from', 'down from', 'the same as', or 'compared with' when blood pressure's two numbers part ways: the numbers as
 * the answer writes them, so that 134/86 is never "up from" 134/86.
 */
function direction(reading: MeasureReadings, newer: Pick<ReadingPoint, 'number' | 'second'>, older: Pick<ReadingPoint, 'number' | 'second'>): string {
  const sign = (a: number, b: number, decimals: number) => Math.sign(Number(a.toFixed(decimals)) - Number(b.toFixed(decimals)));
  const first = sign(newer.number, older.number, newer.second === null ? reading.decimals : 0);
  const second = newer.second === null || older.second === null ? 0 : sign(newer.second, older.second, 0);
  if (first === 0 && second === 0) return 'the same as';
  if (first >= 0 && second >= 0) return 'up from';
  if (first <= 0 && second <= 0) return 'down from';
  return 'compared with';
}

/** 'March 1, 2026 to July 15, 2026', or 'on March 1, 2026' for one day. */
function daysOf(list: readonly ReadingPoint[]): string {
  const first = list[list.length - 1]!.date;
  const last = list[0]!.date;
  return first === last ? `on ${longDate(first)}` : `${longDate(first)} to ${longDate(last)}`;
}

/**
 * "is my blood pressure going up?": the mean of the last TREND_DAYS days against the TREND_DAYS days before; when
 * those have too few, the latest readings against the ones before them; and plainly too few, or none.
 */
function trendAnswer(reading: MeasureReadings): string {
  const { latest, recentMean, previousMean } = reading;
  const name = measureInSentence(latest.name);
  const count = (n: number) => readingsCount(n, latest.kind);
  const noun = (n: number) => readingNoun(n, latest.kind);
  const latestSentence = `Your latest was ${latest.value} on ${longDate(latest.date)}${flagNote(latest)}.`;
  if (recentMean && previousMean && recentMean.count >= FEWEST_IN_A_SPAN && previousMean.count >= FEWEST_IN_A_SPAN) {
    return (
      `Your ${name} averaged ${pointWords(reading, recentMean)} over the last ${TREND_DAYS} days (${count(recentMean.count)}), ` +
      `${direction(reading, recentMean, previousMean)} ${pointWords(reading, previousMean)} in the ${TREND_DAYS} days before (${count(previousMean.count)}). ${latestSentence}`
    );
  }
  const all = [...(latest.number === null ? [] : [{ date: latest.date, number: latest.number, second: latest.second }]), ...reading.earlier];
  if (all.length === 0) return `Your ${name} results are words, not numbers (the last: ${latest.value} on ${longDate(latest.date)}), so there is no trend to tell.`;
  if (all.length < FEWEST_FOR_A_TREND) {
    const only = all.length === 1 ? `only one ${name} ${noun(1)}` : `only ${all.length} ${name} ${noun(all.length)}`;
    const [newest, ...before] = all.map((point) => `${pointWords(reading, point)} on ${longDate(point.date)}`);
    // The newest with its range and flag, unless it is words (then it is said apart).
    const list = latest.number === null ? [newest!, ...before] : [`${newest!}${flagNote(latest)}`, ...before];
    const words = latest.number === null ? ` Your latest was ${latest.value} on ${longDate(latest.date)}.` : '';
    return `You have ${only}, too few to tell a trend: ${andList.format(list)}.${words} Record more on ${pageOf(latest.kind)} and ask again.`;
  }
  const newer = all.slice(0, Math.floor(all.length / 2));
  const older = all.slice(newer.length);
  return (
    `There are too few ${name} ${noun(2)} in the last ${2 * TREND_DAYS} days to compare the last ${TREND_DAYS} days with the ${TREND_DAYS} before, so here are your latest ${noun(2)} against earlier ones. ` +
    `Your last ${count(newer.length)} (${daysOf(newer)}) averaged ${pointWords(reading, meanOf(newer))}, ${direction(reading, meanOf(newer), meanOf(older))} ` +
    `${pointWords(reading, meanOf(older))} over the ${older.length} before them (${daysOf(older)}). ${latestSentence}`
  );
}

/** "Is my weight going up?" with no measure named: which ones there are to ask about. */
function whichMeasure(facts: PatientFacts): string {
  const readings = readingsOf(facts);
  if (readings.length === 0) return noneAtAll(facts, null);
  const names = readings.map((reading) => measureInSentence(reading.latest.name));
  return `Which one would you like to know about? You have readings of ${andList.format(names)}: ask, for example, "Is my ${names[0]} going up?"`;
}

/** No readings of a kind (or of either): where to record them, and the documents already uploaded, for lab results. */
function noneAtAll(facts: PatientFacts, kind: MeasureKind | null): string {
  const documents =
    kind !== 'vital-sign' && facts.records.latest
      ? ` Your Medical Records hold ${facts.records.count} ${facts.records.count === 1 ? 'document' : 'documents'}; the latest is ${facts.records.latest.filename}, uploaded on ${longDate(facts.records.latest.uploadDate)}.`
      : '';
  const where =
    kind === 'vital-sign'
      ? 'You have no vital sign readings yet: record one on the Vitals page.'
      : kind === 'laboratory'
        ? "You have no lab results recorded yet: record one on the Lab Results page, or import your lab's CSV file there."
        : 'You have no vitals or lab results recorded yet: record a reading on the Vitals page, or a lab result on the Lab Results page.';
  return `${where}${documents}`;
}

/** 'A; B; and 3 more on the Lab Results page' */
function listed(readings: readonly MeasureReadings[], line: (reading: ReadingFact) => string, kind: MeasureKind | null): string {
  const more = readings.length > LISTED ? `; and ${readings.length - LISTED} more on ${kind ? pageOf(kind) : 'the Vitals and Lab Results pages'}` : '';
  return `${readings
    .slice(0, LISTED)
    .map((reading) => line(reading.latest))
    .join('; ')}${more}`;
}

/**
 * "my lab results", "any abnormal results?", "my lipid panel": the newest result of each measure, those outside their
 * range first; the others with their values, or only by name when the question asks what is abnormal.
 */
function resultsAnswer(readings: readonly MeasureReadings[], title: string, kind: MeasureKind | null, abnormalOnly: boolean): string {
  const flagged = readings.filter((reading) => reading.latest.flag !== null);
  const inRange = readings.filter((reading) => reading.latest.flag === null && reading.latest.range !== null);
  const noRange = readings.filter((reading) => reading.latest.flag === null && reading.latest.range === null);
  const others = readings.filter((reading) => reading.latest.flag === null);
  // By name only, when the question asks what is out of range: 'weight, TSH, and 3 more on the Vitals page'.
  const names = (list: readonly MeasureReadings[]) => {
    const shown = list.slice(0, LISTED).map((reading) => measureInSentence(reading.latest.name));
    return andList.format(list.length > LISTED ? [...shown, `${list.length - LISTED} more on ${kind ? pageOf(kind) : 'the Vitals and Lab Results pages'}`] : shown);
  };
  if (flagged.length === 0 && abnormalOnly) return `None of your latest ${title} (the newest of each) is outside its range: ${names(others)}.`;
  const parts = [
    flagged.length > 0
      ? `Of your latest ${title} (the newest of each), ${flagged.length} ${flagged.length === 1 ? 'is outside its range' : 'are outside their ranges'}: ${listed(flagged, resultLine, kind)}.`
      : `None of your latest ${title} (the newest of each) is outside its range.`,
  ];
  if (abnormalOnly) {
    if (others.length > 0) parts.push(`The others are within range, or have no range to compare with: ${names(others)}.`);
  } else {
    const plain = (reading: ReadingFact) => `${measureInSentence(reading.name)} ${reading.value} on ${longDate(reading.date)}`;
    if (inRange.length > 0) parts.push(`Within range: ${listed(inRange, plain, kind)}.`);
    if (noRange.length > 0) parts.push(`No range to compare with: ${listed(noRange, plain, kind)}.`);
  }
  return parts.join(' ');
}

const RECORD_A_READING =
  'To record a reading, open the Vitals page and fill in Record a reading at the top: blood pressure goes in one line, such as 128/82. Import CSV on that page reads a file of readings from a device or an app.';
const RECORD_A_RESULT =
  "To record a lab result, open the Lab Results page and fill in Record a result at the top, typing the number as the report gives it, with its '<' or '>'. Import CSV on that page reads your lab's CSV file.";

/** "How do I record my blood pressure?": the page of the measure named, or both. */
function howToRecord(text: string): string {
  const kinds = new Set(namedMeasures(text).map((measure) => measure.kind));
  if (PANELS.some((panel) => panel.words.test(text)) || ASKS_LABS.test(text)) kinds.add('laboratory');
  if (ASKS_VITALS.test(text)) kinds.add('vital-sign');
  if (kinds.size === 1) return kinds.has('vital-sign') ? RECORD_A_READING : RECORD_A_RESULT;
  return `${RECORD_A_READING} ${RECORD_A_RESULT}`;
}

function readingsAnswer(facts: PatientFacts, question: string): string {
  const text = normaliseQuestion(question);
  if (ASKS_HOW_TO_RECORD(text)) return howToRecord(text);
  const readings = readingsOf(facts);
  const panel = PANELS.find((candidate) => candidate.words.test(text));
  const measures = namedMeasures(text);
  let answer: string;
  let told: ReadingFact[];
  if (panel) {
    const ofPanel = readings.filter((reading) => MEASURES.find((measure) => measure.loinc === reading.latest.code)?.panel === panel.panel);
    told = ofPanel.map((reading) => reading.latest);
    answer =
      ofPanel.length > 0
        ? resultsAnswer(ofPanel, `${panel.title} results`, 'laboratory', ASKS_ABNORMAL.test(text))
        : `You have no ${panel.title} results yet: record them on the Lab Results page, or import your lab's CSV file there.`;
  } else if (measures.length > 0) {
    const trend = ASKS_TREND(text);
    const found = measures.map((measure) => ({ measure, reading: readingOf(facts, measure) }));
    told = found.flatMap(({ reading }) => (reading ? [reading.latest] : []));
    answer = found.map(({ measure, reading }) => (reading ? (trend ? trendAnswer(reading) : latestAnswer(reading)) : noneYet(measure))).join(' ');
  } else if (ASKS_TREND(text) && !ASKS_LABS.test(text) && !ASKS_VITALS.test(text)) {
    told = [];
    answer = whichMeasure(facts);
  } else {
    const labs = ASKS_LABS.test(text);
    const vitals = ASKS_VITALS.test(text);
    const kind: MeasureKind | null = labs === vitals ? null : labs ? 'laboratory' : 'vital-sign';
    const ofKind = readings.filter((reading) => kind === null || reading.latest.kind === kind);
    told = ofKind.map((reading) => reading.latest);
    const title = kind === 'laboratory' ? 'lab results' : kind === 'vital-sign' ? 'vitals' : 'vitals and lab results';
    answer = ofKind.length > 0 ? resultsAnswer(ofKind, title, kind, ASKS_ABNORMAL.test(text)) : noneAtAll(facts, kind);
  }
  const flags = told.map((reading) => reading.flag);
  return [
    answer,
    flags.some((flag) => flag !== null) ? ASK_YOUR_DOCTOR : '',
    flags.some((flag) => flag === 'critical-low' || flag === 'critical-high') ? CRITICAL : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export const readings: Intent = {
  id: 'readings',
  matches: matchesReadings,
  answer: readingsAnswer,
  aboutHealth: true,
};
