/** The side column's preset questions (part 2 §2). */
export const QUICK_QUESTIONS = [
  'What are the symptoms of seasonal allergies?',
  'How much water should I drink daily?',
  'What are the signs of high blood pressure?',
  'How can I relieve back pain at home?',
] as const;
