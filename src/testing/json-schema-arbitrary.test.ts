import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveSchema, validValue, type JsonSchema } from './json-schema-arbitrary';

const document = {
  components: {
    schemas: {
      Id: { type: 'integer', exclusiveMinimum: 0, maximum: 2147483647 },
      Plan: { $ref: '#/components/schemas/PlanBody' },
      PlanBody: {
        type: 'object',
        properties: {
          userId: { $ref: '#/components/schemas/Id' },
          provider: { type: 'string', minLength: 1, maxLength: 200 },
          planType: { type: 'string', enum: ['PPO', 'HMO'] },
          groupNumber: { anyOf: [{ type: 'string', maxLength: 100 }, { type: 'null' }] },
          dateOfBirth: { type: ['string', 'null'] },
          sessionId: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$' },
          amount: { type: 'number', minimum: 1 },
          metadata: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} },
          tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
        },
        required: ['userId', 'provider'],
      },
    },
  },
};

describe('validValue', () => {
  it('generates only values the schema accepts, references resolved', () => {
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(document, 'doc');
    const check = ajv.compile({ $ref: 'doc#/components/schemas/Plan' });
    fc.assert(
      fc.property(validValue({ $ref: '#/components/schemas/Plan' }, { document }), (value) => {
        expect(check(value), JSON.stringify(check.errors)).toBe(true);
      }),
      { numRuns: 300, seed: 1 },
    );
  });

  it('takes most of a field’s values from its hint, by the field’s name', () => {
    const hint = (name: string) => (name === 'dateOfBirth' ? fc.constant('1990-07-14') : undefined);
    const values = fc.sample(validValue({ $ref: '#/components/schemas/Plan' }, { document, hint }), { numRuns: 200, seed: 2 }) as Record<string, unknown>[];
    const hinted = values.filter((value) => value.dateOfBirth === '1990-07-14').length;
    const withField = values.filter((value) => 'dateOfBirth' in value).length;
    expect(hinted / withField).toBeGreaterThan(0.6);
  });

  it('resolves a reference to a reference, and refuses one that is not in the document', () => {
    expect(resolveSchema({ $ref: '#/components/schemas/Plan' }, document)).toBe(document.components.schemas.PlanBody);
    expect(() => resolveSchema({ $ref: '#/components/schemas/Missing' } as JsonSchema, document)).toThrow(/not in the document/);
  });
});
