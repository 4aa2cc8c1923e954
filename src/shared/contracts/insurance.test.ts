import { describe, expect, it } from 'vitest';
import { CreateInsurancePlanBody, InsurancePlanForm } from './insurance';

describe('the met-above-total rule of a plan', () => {
  it.each([null, undefined, [], 'plan', 5])('refuses %j as not an object, without throwing', (input) => {
    for (const schema of [CreateInsurancePlanBody, InsurancePlanForm]) {
      const result = schema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.code).toBe('invalid_type');
    }
  });

  it('still names a met amount above its total while another field is missing', () => {
    const result = InsurancePlanForm.safeParse({ provider: 'Acme', memberId: 'M-1', deductible: 100, deductibleMet: 200 });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('deductibleMet');
  });
});
