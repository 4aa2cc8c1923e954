import type { Intent } from '../intent';
import { aboutTopic } from '../reading';
import { paragraph } from './paragraph';

const SLEEP = paragraph(
  'Most adults need at least 7 hours of sleep a night.',
  'It helps to go to bed and get up at the same times every day, weekends included; to keep the bedroom dark, quiet and cool; to put screens away before bed; to avoid caffeine late in the day, and large meals and alcohol close to bedtime; and to be physically active during the day.',
  'See your doctor if trouble sleeping goes on for more than a few weeks or affects your days, if you snore loudly or someone notices you stop breathing or gasp in your sleep (possible signs of sleep apnea), or if you are very sleepy during the day.',
  "Don't drive when you're drowsy.",
);

export const sleep: Intent = {
  id: 'sleep',
  matches: aboutTopic(/\b(sleep|sleeping|asleep|insomnia|sleepless\w*|snore|snores|snoring)\b/),
  answer: () => SLEEP,
  aboutHealth: true,
};
