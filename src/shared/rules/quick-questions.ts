/**
 * The chat's side column of preset questions (part 2 §2 (docs/product.md#part-2-2)). Shared, because the web app shows them and the built-in
 * assistant's tests check that each one gets a real answer.
 */
export const QUICK_QUESTIONS = [
  'What are the symptoms of seasonal allergies?',
  'How much water should I drink daily?',
  'What are the signs of high blood pressure?',
  'How can I relieve back pain at home?',
] as const;
