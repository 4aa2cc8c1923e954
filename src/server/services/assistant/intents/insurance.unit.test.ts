import { describe, expect, it } from 'vitest';
import { replyFromRules } from '../rules';
import { EMPTY, FACTS } from '../../../../testing/assistant-fixtures';
import { INSURER_HAS_FINAL_WORD } from './insurance';

describe('plan-benefits and insurance-costs: answers cite the patient’s plan', () => {
  it.each<[string, string[]]>([
    [
      'How much of my deductible is left?',
      ['Blue Cross Blue Shield PPO plan', '$650 of $1,500 met (43%)', '$850 left to meet', '$1,200 of $5,000 met (24%)', '$3,800 left', INSURER_HAS_FINAL_WORD],
    ],
    ['Is an eye exam covered?', ['Vision exam: $15 copay in network, 50% after deductible out of network']],
    ['Does my insurance cover the ER?', ['Emergency room: $250 copay in network']],
    ['are generic drugs covered', ['Prescription drugs (generic): $10 copay in network, Not covered out of network']],
    ["What's my copay for a specialist?", ['Specialist visit: $50 copay']],
    [
      'What does my plan cover for a dental cleaning?',
      ["I couldn't find that service", 'Preventive care, Primary care visit, Specialist visit, Emergency room, Prescription drugs (generic), and Vision exam'],
    ],
  ])('%j', (question, expected) => {
    const reply = replyFromRules(question, FACTS);
    for (const fact of expected) expect(reply).toContain(fact);
  });

  it.each<[string, string[]]>([
    ['How much of my deductible is left?', ["don't have an insurance plan on file", 'Insurance']],
    ['Is an eye exam covered?', ["don't have an insurance plan on file", "can't look up your coverage"]],
  ])('with nothing on file, %j says so and where to add it', (question, expected) => {
    const reply = replyFromRules(question, EMPTY);
    for (const fact of expected) expect(reply).toContain(fact);
  });

  it('reads a deductible met in full, and a plan without a deductible', () => {
    const plan = { ...FACTS.plan!, deductibleMet: 1500, outOfPocketMax: 0, outOfPocketMet: 0 };
    const reply = replyFromRules('deductible?', { ...FACTS, plan });
    expect(reply).toContain('Deductible: $1,500, met in full.');
    expect(reply).toContain('No out-of-pocket maximum is on file for it.');
  });

  it('says when a plan lists no benefits', () => {
    const reply = replyFromRules('Is an eye exam covered?', { ...FACTS, plan: { ...FACTS.plan!, benefits: [] } });
    expect(reply).toContain('No benefits are listed for your Blue Cross Blue Shield PPO plan');
  });
});
