/** The Basic Chat's five canned answers (part 2 §7 (docs/product.md#part-2-7)): general guidance, no network, no record of the patient. */
export const BASIC_REPLIES = [
  "If a cold or fever hangs on for more than 3 days, it's a good idea to see your doctor so they can check what's going on.",
  'Aim for about 150 minutes of moderate exercise a week. A brisk 30-minute walk on five days is a wonderful start.',
  "Unless your doctor or pharmacist has told you otherwise, taking your medication with food can help keep your stomach settled.",
  "Staying hydrated makes a real difference: try to drink about 8 glasses of water a day, a little more when it's hot or you're active.",
  "An annual physical is one of the best ways to stay ahead of your health, so it's worth booking yours if it has been a while.",
] as const;

export const BASIC_GREETING = "Hello! I'm your health assistant. How can I help you today?";

/** One of the five, at random. */
export const pickBasicReply = (random: () => number = Math.random) =>
  BASIC_REPLIES[Math.min(Math.floor(random() * BASIC_REPLIES.length), BASIC_REPLIES.length - 1)]!;

/** As if someone were typing (part 2 §9 (docs/product.md#part-2-9)): 1,000 ms plus up to 2,000 ms more. */
export const basicReplyDelay = (random: () => number = Math.random) => 1000 + random() * 2000;
