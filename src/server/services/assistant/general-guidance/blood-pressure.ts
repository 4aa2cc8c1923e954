import type { Intent } from '../intent';
import { careItemNamed } from '../intents/care';
import type { PatientFacts } from '../patient-facts';
import { aboutTopic } from '../reading';
import { paragraph } from './paragraph';

function bloodPressureAnswer(facts: PatientFacts): string {
  const onFile = facts.conditions !== null && /hypertension|blood pressure/i.test(facts.conditions);
  return paragraph(
    'High blood pressure (hypertension) usually has no signs or symptoms at all, so many people have it for years without knowing: the only way to know is to have it measured.',
    'For adults, the American Heart Association counts below 120/80 as normal, a top number of 120 to 129 (with a bottom number below 80) as elevated, and a top number of 130 or more, or a bottom number of 80 or more, as high blood pressure; a doctor confirms it with readings on more than one occasion.',
    'If a reading is 180/120 or higher, wait five minutes and measure again, and contact your doctor right away if it is still that high.',
    'If it is 180/120 or higher and you have chest pain, shortness of breath, back pain, numbness or weakness, changes in vision or trouble speaking, call 911.',
    'Less salt, regular activity, a healthy weight, less alcohol and not smoking all help keep it down.',
    onFile ? 'Your conditions on file in My Profile mention high blood pressure, so the target and plan your doctor set for you are the ones to go by.' : '',
    careItemNamed(facts, /blood pressure/i),
  );
}

export const bloodPressure: Intent = {
  id: 'blood-pressure',
  // Not "my blood pressure check" (a care item): the question asks what high blood pressure is, or what a reading means.
  matches: aboutTopic(
    /\bhypertens(ion|ive)\b/,
    /\b(high|elevated|raised)\b.{0,10}\b(blood pressure|bp)\b/,
    /\b(blood pressure|bp)\b.{0,20}\b(normal|healthy|reading|readings|numbers?|range|high|mean|means|lower|lowering|reduce|bring down|should be)\b/,
    /\b(normal|healthy|good|ideal|target)\b.{0,20}\b(blood pressure|bp)\b/,
    /\bshould (my |a |the )?(blood pressure|bp) be\b/,
    /\b(lower|lowering|reduce|reducing|bring down|bringing down|control|controlling|manage|managing|prevent|preventing)\b.{0,15}\b(blood pressure|bp)\b/,
  ),
  answer: bloodPressureAnswer,
  aboutHealth: true,
};
