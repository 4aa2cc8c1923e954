// General guidance: mainstream advice (CDC, NIH, the American Heart Association, the US National Academies), short,
// always with when to see a doctor; replyFromRules adds the not-medical-advice line. A patient's own facts are added
// where they bear on it. One topic a file, its intent beside its answer.

/** Sentences as one paragraph; an empty one (a fact of the patient's that is not there) is left out. */
export const paragraph = (...sentences: string[]) => sentences.filter(Boolean).join(' ');
