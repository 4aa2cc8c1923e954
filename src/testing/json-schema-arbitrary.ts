import fc from 'fast-check';

/** The part of JSON Schema (2020-12, as the OpenAPI document writes it) that the API's inputs use. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/**
 * Values for a field whose schema says less than the route checks (a date is `type: string`; an id is any integer):
 * given the field's name and schema, an arbitrary of values the route accepts, or undefined for the schema alone.
 */
export type FieldHint = (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;

export interface SchemaContext {
  /** The OpenAPI document, whose components `$ref`s point into. */
  document: object;
  hint?: FieldHint;
}

/** Long enough to pass a maxLength of 200, short enough to keep thousands of requests quick. */
const TEXT_MAX = 220;

/** Mostly plain letters, so text passes what a route checks beyond the schema; now and then any character. */
const TEXT_UNIT = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...'abcdefghij ABC-.,') },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
);

/** `schema` itself, or what its `$ref` points at ('#/components/schemas/User'), however many references deep. */
export function resolveSchema(schema: JsonSchema, document: object): JsonSchema {
  let resolved = schema;
  for (let hops = 0; resolved.$ref; hops++) {
    if (hops > 20 || !resolved.$ref.startsWith('#/')) throw new Error(`cannot resolve ${resolved.$ref}`);
    let node: unknown = document;
    for (const part of resolved.$ref.slice(2).split('/')) {
      node = (node as Record<string, unknown> | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
    }
    if (node === undefined) throw new Error(`${resolved.$ref} is not in the document`);
    resolved = node as JsonSchema;
  }
  return resolved;
}

/**
 * Values the schema accepts: what a correct client could send. A field's hint, when there is one, gives most of
 * its values (so requests reach the handler, not only the contract); the schema alone gives the rest.
 */
export function validValue(schema: JsonSchema, context: SchemaContext, name?: string): fc.Arbitrary<unknown> {
  const resolved = resolveSchema(schema, context.document);
  const hinted = name === undefined ? undefined : context.hint?.(name, resolved);
  const plain = fromSchema(resolved, context, name);
  return hinted ? fc.oneof({ weight: 6, arbitrary: hinted }, { weight: 1, arbitrary: plain }) : plain;
}

function fromSchema(schema: JsonSchema, context: SchemaContext, name?: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => validValue(branch, context, name)));
  if (schema.allOf) return validValue(Object.assign({}, ...schema.allOf) as JsonSchema, context, name);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => fromSchema({ ...schema, type }, context, name)));
  switch (schema.type) {
    case 'string':
      return text(schema);
    case 'integer':
      return fc.integer({ min: lowerBound(schema, 1), max: upperBound(schema, 1) });
    case 'number':
      return fc.oneof(
        fc.integer({ min: Math.ceil(lowerBound(schema, 1)), max: Math.floor(upperBound(schema, 1)) }),
        fc.double({ min: lowerBound(schema, Number.EPSILON), max: upperBound(schema, Number.EPSILON), noNaN: true }),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? validValue(schema.items, context) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object':
      return object(schema, context);
    default:
      // {} takes anything: small JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function text(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  if (schema.format === 'date') return isoDate();
  if (schema.format === 'email') return fc.emailAddress();
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? TEXT_MAX, TEXT_MAX));
  return fc.string({ minLength, maxLength, unit: TEXT_UNIT });
}

function object(schema: JsonSchema, context: SchemaContext): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (names.length === 0) {
    if (schema.additionalProperties === false) return fc.constant({});
    const values = typeof schema.additionalProperties === 'object' ? validValue(schema.additionalProperties, context) : fc.jsonValue({ maxDepth: 2 });
    return fc.dictionary(fc.string({ maxLength: 12 }), values, { maxKeys: 4 });
  }
  const fields = Object.fromEntries(names.map((field) => [field, validValue(properties[field]!, context, field)]));
  const requiredKeys = (schema.required ?? []).filter((field) => field in properties);
  return fc.record(fields, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
}

/** 'yyyy-MM-dd' from 1900 to 2100. */
export function isoDate(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));
}

/** Without a bound of its own, a number stays within a million of zero (or of its other bound). */
const SPAN = 1e6;

function lowerBound(schema: JsonSchema, step: number): number {
  if (schema.exclusiveMinimum !== undefined) return schema.exclusiveMinimum + step;
  if (schema.minimum !== undefined) return schema.minimum;
  const upper = schema.exclusiveMaximum ?? schema.maximum;
  return upper === undefined ? -SPAN : upper - SPAN;
}

function upperBound(schema: JsonSchema, step: number): number {
  if (schema.exclusiveMaximum !== undefined) return schema.exclusiveMaximum - step;
  if (schema.maximum !== undefined) return schema.maximum;
  return lowerBound(schema, step) + 2 * SPAN;
}
