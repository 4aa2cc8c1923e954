import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Responses are written by fast-json-stringify from the JSON Schema of the route's zod response schema, as Fastify
 * does with its own schemas: only the properties the contract declares are written, a missing required one or a
 * value of the wrong type throws (a 500: the service broke its contract), and it is about four times faster than
 * encoding with zod and JSON.stringify, which matters for long lists (ADR 7).
 */
export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  // Compiled at the route's first response, not when the server starts: Fastify asks for every route's serializers
  // before it listens, and building them all took 130 ms of a 1.1 s start (issue 21). A route's first answer pays its
  // own (a millisecond or two). A schema that could not compile would fail that answer: the route tests answer every
  // route's success, and every refusal shares one error schema.
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    serialize ??= fastJsonStringify(responseJsonSchema(schema) as Parameters<typeof fastJsonStringify>[0]);
    return serialize(data);
  };
}

/** The wire side of a response schema as plain JSON Schema, every referenced schema inlined. */
function responseJsonSchema(schema: z.ZodType): unknown {
  const jsonSchema = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
    // No component ids: the serializer wants one self-contained schema.
    metadata: new z.core.$ZodRegistry(),
    override: ({ zodSchema, jsonSchema }) => {
      // A codec's output side is the server's Date; on the wire it is an ISO string, which the serializer writes.
      if (zodSchema._zod.def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
    },
  });
  return withNullableTypes(jsonSchema);
}

/**
 * anyOf [S, null] → S with type [S.type, 'null']: the same values, but written with a typeof check per value
 * instead of trying each schema in turn.
 */
function withNullableTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullableTypes);
  if (typeof node !== 'object' || node === null) return node;
  const result: Record<string, unknown> = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withNullableTypes(value)]));
  const options = result.anyOf as Array<Record<string, unknown>> | undefined;
  if (options?.length === 2) {
    const other = options.find((option) => option.type !== 'null');
    if (other && options.some((option) => option.type === 'null') && typeof other.type === 'string') {
      delete result.anyOf;
      Object.assign(result, other, { type: [other.type, 'null'] });
    }
  }
  return result;
}
