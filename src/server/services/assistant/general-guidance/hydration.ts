import type { Intent } from '../intent';
import { aboutTopic } from '../reading';
import { paragraph } from './paragraph';

const HYDRATION = paragraph(
  "There's no single amount that's right for everyone.",
  'A common guide from the US National Academies is about 11.5 cups (2.7 litres) of fluid a day for women and about 15.5 cups (3.7 litres) for men, counting all drinks and the water in food, which supplies about a fifth of it.',
  'You need more in hot weather, when you exercise, when you have a fever, vomiting or diarrhea, and when pregnant or breastfeeding.',
  "Drinking when you're thirsty and having pale yellow urine are good signs you're getting enough, and water is the best choice.",
  'Some conditions, such as heart failure or kidney disease, and some medicines call for a different amount, so ask your doctor if that applies to you.',
  "Get medical care promptly for dehydration that doesn't get better with drinking: very dark urine or very little of it, dizziness, confusion or a racing heartbeat.",
);

export const hydration: Intent = {
  id: 'hydration',
  matches: aboutTopic(
    /\b(hydrat\w*|dehydrat\w*)\b/,
    /\bhow (much|many)\b.{0,40}\b(water|fluids?)\b/,
    /\b(drink|drinking)\b.{0,20}\b(water|fluids?)\b/,
    /\bwater\b.{0,20}\b(a day|per day|each day|every day|daily|intake)\b/,
  ),
  answer: () => HYDRATION,
  aboutHealth: true,
};
