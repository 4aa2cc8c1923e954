import type { Intent } from '../intent';
import { raiseItAtNextVisit } from '../intents/appointments';
import type { PatientFacts } from '../patient-facts';
import { aboutTopic } from '../reading';
import { paragraph } from './paragraph';

function backPainAnswer(facts: PatientFacts): string {
  return paragraph(
    'Most back pain gets better on its own within a few weeks.',
    'At home, it helps to keep gently active (walking, light stretching) rather than resting in bed for more than a day or two, to use a heating pad or a warm bath (some people find a cold pack helps in the first couple of days), and to take an over-the-counter pain reliever such as acetaminophen or ibuprofen as the label says.',
    'Check with your pharmacist first if you have high blood pressure, kidney or stomach problems, or take a blood thinner.',
    "See your doctor if the pain is severe, isn't improving after a few weeks, spreads down a leg, or comes with numbness, tingling or weakness in your legs or with weight loss you can't explain.",
    'Get care right away (urgent care or the emergency room) if you have numbness in the groin or inner thighs, new loss of bladder or bowel control, a fever, or the pain started after a fall or an injury.',
    raiseItAtNextVisit(facts),
  );
}

export const backPain: Intent = {
  id: 'back-pain',
  matches: aboutTopic(
    /\bback\b.{0,12}\b(pain|pains|ache|aches|aching|hurts?|hurting|sore|spasms?|strain|strained|injury)\b/,
    /\b(backache|backaches|sciatica|lumbago)\b/,
    /\b(pain|ache|aching)\b (in|of) (my |the )?(lower |upper )?back\b/,
    /\b(sore|bad|aching|painful|stiff|hurt|injured|pulled|strained|threw out|thrown out|throw out) (my |the |a )?(lower |upper )?back\b/,
  ),
  answer: backPainAnswer,
  aboutHealth: true,
};
