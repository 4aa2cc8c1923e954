import { normaliseQuestion } from './reading';

/**
 * The emergency rule, kept apart because it is safety-critical, and its table tested sign by sign. Where it runs:
 * `answerChat` (services/chat/answer-chat.ts) checks every question of every chat first, so that an emergency is
 * answered by this rule and never sent to n8n or a language model, whatever answers the chats. The built-in
 * assistant (built-in-assistant.ts) and its rules (rules.ts) check it again before anything else: each stays safe when
 * called on its own (the rules' tests, a later caller), at the cost of a second match over a short text.
 */

export interface EmergencySign {
  id: string;
  /** What the reply names, as the start of a sentence: 'Chest pain can be a sign of a medical emergency.' */
  what: string;
  /** Thoughts of suicide or self-harm: the reply adds the 988 Suicide & Crisis Lifeline. */
  crisis?: true;
  /** Tested on the normalised text. Negation is deliberately not read: "no chest pain" still matches. */
  patterns: RegExp[];
}

export const EMERGENCY_SIGNS: readonly EmergencySign[] = [
  {
    id: 'suicide-or-self-harm',
    what: 'Thoughts of suicide or self-harm',
    crisis: true,
    patterns: [
      /\bsuicid/,
      /\bkill(ing)? my ?self\b/,
      /\bkms\b/,
      /\b(end|ending) (my life|it all|myself)\b/,
      /\btake my (own )?life\b/,
      /\b((want|wanted|going|plan|planning|ready|trying) to|wanna|gonna) die\b/,
      /\b(wish i (was|were)|better off|rather be) dead\b/,
      /\bdont want to (live|be alive|exist|wake up)\b/,
      /\bno reason to live\b/,
      /\bself ?harm/,
      /\b(hurt|hurting|harm|harming|cut|cutting|burn|burning) my ?self\b/,
    ],
  },
  {
    id: 'chest-pain',
    what: 'Chest pain or pressure',
    patterns: [
      /\bchest\b.{0,20}\b(pain|pains|painful|hurt|hurts|hurting|ache|aching|tight|tightness|pressure|squeez\w*|crush\w*)/,
      /\b(pain|pains|pressure|tightness|crushing)\b.{0,15}\bchest\b/,
      /\b(heart attack|cardiac arrest)\b/,
    ],
  },
  {
    id: 'breathing',
    what: 'Trouble breathing',
    patterns: [
      /\b(cant|cannot|can not|couldnt|could not|unable to|struggling to|hard to|difficult to|hardly|barely) (catch my )?breath/,
      /\b(trouble|difficulty|difficulties|problem|problems|struggling|hard time|laboured|labored) (with )?breathing\b/,
      /\bshort(ness)? of breath\b/,
      /\bbreathless/,
      /\b(not|stopped|isnt|wasnt|no longer) breathing\b/,
      /\b(choking|gasping|suffocat\w*)\b/,
    ],
  },
  {
    id: 'stroke',
    what: 'Signs of a stroke (a drooping face, arm or leg weakness, slurred speech)',
    patterns: [
      /\bstrokes?\b/,
      /\b(face|mouth|smile|eyelid)\b.{0,12}\bdroop/,
      /\bdroop(ing|y)?\b.{0,12}\b(face|mouth|smile|eye|eyelid|side)\b/,
      /\bslurr(ed|ing)\b/,
      /\b(arm|arms|leg|legs|face|one side|left side|right side)\b.{0,15}\b(weak|weakness|numb|numbness|paralys\w*|paralyz\w*)\b/,
      /\b(weak|weakness|numb|numbness)\b.{0,15}\b(arm|arms|leg|legs|face|one side|left side|right side)\b/,
      /\bsudden\b.{0,20}\b(confusion|numbness|weakness|trouble (speaking|seeing|walking)|severe headache|vision loss)\b/,
      /\bworst headache\b/,
    ],
  },
  {
    id: 'bleeding',
    what: 'Severe bleeding',
    patterns: [
      /\b(severe|severely|heavy|heavily|a lot of|lots of|uncontrolled|uncontrollable|serious|profuse|profusely|massive)\b.{0,10}\bbleed/,
      /\bbleed(s|ing)?\b.{0,6}\b(heavily|badly|a lot|severely|profusely|everywhere)\b/,
      /\b(wont|will not|doesnt|does not|cant|cannot|can not|isnt|not) stop(ping)? (the )?bleed/,
      // Also "nosebleed won't stop".
      /bleed\w*\b.{0,15}\b(wont|will not|doesnt|does not|isnt|not|never) stop/,
      /\bbleeding out\b/,
      /\b(coughing|vomiting|throwing) (up )?blood\b/,
    ],
  },
  {
    id: 'overdose',
    what: 'An overdose or poisoning',
    patterns: [
      /\boverdos/,
      /\btoo many (pills|tablets|capsules)\b/,
      /\b(whole|entire) (bottle|pack|packet) of\b/,
      /\bpoison(ed|ing|ous)?\b(?! (ivy|oak|sumac))/,
      // Ten or more taken: "I took 20 of my Metformin pills", "she swallowed a handful of tablets". Not an amount
      // ("took 10 mg of"), a time ("took it at 10"), or a count under ten ("took 2 of my pills"). Erring on the safe
      // side, as every sign here does: "I took my 10 pills today" is answered with 911 too.
      new RegExp(
        String.raw`\b(took|taken|swallowed|swallow|ate|eaten|downed)\b (?:(?!at\b)\w+ ){0,2}?` +
          String.raw`(\d{2,}|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|a dozen|dozens|a handful|handfuls)\b` +
          String.raw`(?! (mg|mcg|ml|g|iu|units?|milligrams?|micrograms?|millilit\w+|grams?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|am|pm|percent|oclock)\b)` +
          // Then pills named, or "of my…" (not "14 of my doses this week", a count of days' doses).
          String.raw`(?:(?: \w+){0,3}? (pills?|tablets?|capsules?)\b| of (my|the|his|her|their|these|those|them|it)\b(?! (\w+ )?(doses?|days?)\b))`,
      ),
    ],
  },
  {
    id: 'unconscious',
    what: 'Someone unconscious, unresponsive or having a seizure',
    patterns: [
      /\b(unconscious|unresponsive|not responding|collapsed|fainted|no pulse)\b/,
      /\b(passed|passing|blacked|blacking) out\b/,
      /\b(wont|will not|cant|cannot) wake( up| him| her| them)?\b/,
      /\b(seizure|seizures|seizing|convulsing|convulsions?)\b/,
    ],
  },
  {
    id: 'allergic-reaction',
    what: 'A severe allergic reaction',
    patterns: [/\banaphyla/, /\bthroat\b.{0,12}\b(closing|swelling|swollen|tight)/, /\b(lips|lip|tongue)\b.{0,10}\b(swelling|swollen)\b/],
  },
];

const CALL_NOW = 'Call 911 (or your local emergency number) now';

/**
 * The reply to a message that may describe an emergency, or null. It runs before every other rule and whatever
 * else answers chats (n8n, a language model). It errs on the side of safety: negations ("no chest pain") and words
 * about the past ("I had a stroke") still trigger it, because telling someone who is fine to call 911 costs far less
 * than missing someone who is not. A test or appointment that names a body part only ("chest x-ray") does not.
 */
export function emergencyReply(text: string): string | null {
  const normalised = normaliseQuestion(text);
  const signs = EMERGENCY_SIGNS.filter((sign) => sign.patterns.some((pattern) => pattern.test(normalised)));
  if (signs.length === 0) return null;
  if (signs.some((sign) => sign.crisis)) {
    return [
      `${CALL_NOW} if you are in danger or might act on these thoughts.`,
      'You can also call or text 988 to reach the 988 Suicide & Crisis Lifeline (in the US), any time, day or night, or chat at 988lifeline.org.',
      "You don't have to go through this alone: please reach out to someone right now. I'm an automated assistant and can't give the help you deserve.",
    ].join(' ');
  }
  const [sign] = signs;
  const poisonControl = signs.some((s) => s.id === 'overdose')
    ? ' For a poisoning where the person is awake and breathing, Poison Control (US) is at 1-800-222-1222.'
    : '';
  return (
    `${CALL_NOW}. ${sign!.what} can be a sign of a medical emergency: please get help right away rather than waiting. ` +
    `If you can, ask someone nearby to stay with you, and don't drive yourself.${poisonControl} ` +
    "I'm an automated assistant and can't help in an emergency. If this isn't happening now, I can still help with your appointments, care and insurance."
  );
}
