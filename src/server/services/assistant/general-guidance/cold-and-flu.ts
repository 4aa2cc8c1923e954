import type { Intent } from '../intent';
import { careItemNamed } from '../intents/care';
import type { PatientFacts } from '../patient-facts';
import { aboutTopic } from '../reading';
import { paragraph } from './paragraph';

function coldAndFluAnswer(facts: PatientFacts): string {
  return paragraph(
    "Colds and flu are caused by viruses, so antibiotics don't help.",
    'A cold usually brings a runny or stuffy nose, a sore throat, sneezing and a cough, and most people feel better in 7 to 10 days; flu tends to come on suddenly, with fever, chills, aches and tiredness.',
    'Rest, drink plenty of fluids, and ask a pharmacist which over-the-counter remedies suit you (some decongestants raise blood pressure).',
    "Stay home until you've gone 24 hours without a fever, without fever-reducing medicine, and are feeling better; wash your hands often.",
    'If you might have flu and are 65 or older, pregnant, or have a long-term condition such as asthma, diabetes or heart disease, call your doctor early: antiviral medicine works best when started within 2 days of the first symptoms.',
    'Also see your doctor for a fever lasting more than 4 days, symptoms lasting more than 10 days, or symptoms that get better and then worse.',
    'Trouble breathing, chest pain or pressure, confusion or severe weakness need emergency care: call 911.',
    'A yearly flu vaccine is the best protection.',
    careItemNamed(facts, /\bflu\b|influenza/i),
  );
}

export const coldAndFlu: Intent = {
  id: 'cold-and-flu',
  // Not the flu shot or vaccine: that is a care item (care-due).
  matches: (text) =>
    !/\b(shots?|vaccines?|vaccinat\w*|jabs?|immuni[sz]\w*|boosters?)\b/.test(text) &&
    aboutTopic(
      /\b(flu|influenza|common cold|head cold|chest cold|colds)\b/,
      /\b(have|has|got|get|getting|catch|catching|caught|fighting|fight|treat|is it|get over|getting over|recover from|recovering from|shake) (a |the |my |this )?cold\b/,
      /\bcold\b.{0,15}\b(symptoms?|remed\w*|medicine|contagious)\b/,
    )(text),
  answer: coldAndFluAnswer,
  aboutHealth: true,
};
