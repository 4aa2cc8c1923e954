import type { Intent } from '../intent';
import { aboutTopic } from '../reading';
import { paragraph } from './paragraph';

const SEASONAL_ALLERGIES = paragraph(
  'Seasonal allergies (hay fever) usually cause sneezing, a runny or stuffy nose, itchy or watery eyes, an itchy nose, throat or roof of the mouth, and sometimes a cough from postnasal drip, or tiredness.',
  "They follow the pollen seasons (trees in spring, grasses in late spring and summer, ragweed in late summer and fall) and, unlike a cold, they don't cause a fever and can last for weeks.",
  'It can help to keep windows closed on high-pollen days, shower and change clothes after being outdoors, and rinse your nose with saline; a pharmacist can suggest an over-the-counter antihistamine or nasal spray that suits you and your other medicines.',
  "See your doctor if that doesn't help, or if you wheeze, have asthma symptoms, sinus pain or a fever.",
  'Swelling of the lips, tongue or throat, or trouble breathing, is an emergency: call 911.',
);

export const seasonalAllergies: Intent = {
  id: 'seasonal-allergies',
  matches: aboutTopic(
    /\b(hay ?fever|allergic rhinitis|pollen|ragweed)\b/,
    /\bseasonal\b.{0,15}\ballerg/,
    /\ballerg\w*\b.{0,15}\bseason/,
    // "symptoms of allergies", "allergy symptoms"; not "signs of an allergic reaction", which is not hay fever.
    /\b(symptoms?|signs?)\b.{0,25}\ballerg(y|ies)\b/,
    /\ballerg(y|ies)\b.{0,10}\b(symptoms?|signs?)\b/,
  ),
  answer: () => SEASONAL_ALLERGIES,
  aboutHealth: true,
};
