/** The answer to a question no intent matches: what the assistant can answer, and whom to ask instead. */
export const FALLBACK =
  'I\'m not sure I understood that. I can answer questions about your own appointments, preventative care, insurance, medical records, medications, vitals and lab results, allergies and conditions, for example "When is my next appointment?" or "How much of my deductible is left?". For questions about symptoms, treatment or medicines, your doctor or pharmacist is the best person to ask, and if it is urgent, call 911.';
