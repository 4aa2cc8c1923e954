import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import { resolveSchema, validValue, type JsonSchema, type SchemaContext } from './json-schema-arbitrary';
import { ODD_BODIES, ODD_ID_TEXTS, ODD_STRINGS, oddString, oddValue, RawJson, toJsonText } from './odd-values';
import type { Operation } from './openapi-document';

/** One request as app.inject takes it, with what kind it is for a failure's message. */
export interface GeneratedRequest {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** How it was made: 'valid', 'broken field', 'missing field', 'extra field', 'odd body', 'multipart', … */
  kind: string;
}

export interface RequestContext extends SchemaContext {
  /** Ids of rows that exist for a path parameter (the patient's and another user's), so most requests reach the handler. */
  existingIds: (operation: Operation, param: string) => number[];
  /** Operations that also take their body as multipart/form-data (the n8n chat). */
  takesMultipart?: (operation: Operation) => boolean;
  /** Makes a valid body agree with itself where no schema can say so (an upload's size and its contents). */
  completeBody?: (operation: Operation, body: Record<string, unknown>) => Record<string, unknown>;
}

type Parameter = OpenAPIV3_1.ParameterObject & { schema?: JsonSchema };

/**
 * Requests for one operation of the OpenAPI document: valid ones generated from its schemas (path, query, body),
 * and ones broken in every way a client could break them: a field (at any depth) given an odd value or the wrong
 * type, a field missing or one too many, a body that is not an object or not JSON, odd ids and query values.
 */
export function requestsFor(operation: Operation, context: RequestContext): fc.Arbitrary<GeneratedRequest> {
  const parameters = (operation.operation.parameters ?? []).map((parameter) => resolveSchema(parameter as JsonSchema, context.document) as Parameter);
  const path = fc.record(
    Object.fromEntries(operation.pathParams.map((param) => [param, pathValue(operation, param, parameters, context)])),
  ) as fc.Arbitrary<Record<string, string>>;
  const query = queryString(
    parameters.filter((parameter) => parameter.in === 'query'),
    context,
  );
  return fc.tuple(path, query, bodyOf(operation, context)).map(([pathValues, search, sent]) => ({
    method: operation.method,
    url: operation.path.replace(/\{(\w+)\}/g, (_, name: string) => percentEncode(pathValues[name]!)) + search,
    headers: sent.headers,
    ...(sent.payload === undefined ? {} : { payload: sent.payload }),
    kind: sent.kind,
  }));
}

/** Mostly the id of a row that exists; now and then an odd one, or any the schema allows. */
function pathValue(operation: Operation, param: string, parameters: Parameter[], context: RequestContext): fc.Arbitrary<string> {
  const schema = parameters.find((parameter) => parameter.in === 'path' && parameter.name === param)?.schema ?? { type: 'string' };
  const existing = context.existingIds(operation, param);
  return fc.oneof(
    { weight: existing.length > 0 ? 12 : 0, arbitrary: existing.length > 0 ? fc.constantFrom(...existing).map(String) : fc.constant('1') },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_ID_TEXTS) },
    { weight: 1, arbitrary: validValue(schema, context, param).map(String) },
  );
}

function queryString(parameters: Parameter[], context: RequestContext): fc.Arbitrary<string> {
  const values = parameters.map((parameter) => {
    const valid = validValue(parameter.schema ?? { type: 'string' }, context, parameter.name).map(String);
    const odd = fc.constantFrom(...ODD_ID_TEXTS, ...ODD_STRINGS.filter((text) => text.length < 100));
    const value = fc.option(fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: odd }), { nil: undefined });
    // A parameter given twice reaches the route as an array.
    const twice = fc.tuple(valid, odd).map(([first, second]) => [first, second]);
    return fc.oneof({ weight: 6, arbitrary: value }, { weight: 1, arbitrary: twice }).map((given) => ({ name: parameter.name, given }));
  });
  const unknown = fc.option(fc.constantFrom('__proto__=1', 'constructor=x', 'extra=%00', 'limit[]=1', '=', '&&', 'a=%ED%A0%80'), {
    freq: 6,
    nil: undefined,
  });
  return fc.tuple(fc.tuple(...values), unknown).map(([given, extra]) => {
    const pairs = given.flatMap(({ name, given: value }) =>
      value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((item) => `${name}=${percentEncode(item)}`),
    );
    if (extra) pairs.push(extra);
    return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
  });
}

interface SentBody {
  headers: Record<string, string>;
  payload?: string | Buffer;
  kind: string;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

function bodyOf(operation: Operation, context: RequestContext): fc.Arbitrary<SentBody> {
  const requestBody = operation.operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  const schema = requestBody?.content['application/json']?.schema as JsonSchema | undefined;
  const oddBody = fc.constantFrom(...ODD_BODIES).map((raw): SentBody => ({ headers: JSON_HEADERS, payload: raw.text, kind: 'odd body' }));
  if (!schema) {
    // A route without a body: mostly none, now and then one it must ignore or refuse.
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant<SentBody>({ headers: {}, kind: 'no body' }) },
      { weight: 1, arbitrary: fc.constant<SentBody>({ headers: JSON_HEADERS, payload: '{}', kind: 'empty object' }) },
      { weight: 1, arbitrary: oddBody },
    );
  }
  const valid = (validValue(schema, context) as fc.Arbitrary<Record<string, unknown>>).map((body) =>
    context.completeBody ? context.completeBody(operation, body) : body,
  );
  const asJson =
    (kind: string) =>
    (body: unknown): SentBody => ({ headers: JSON_HEADERS, payload: toJsonText(body), kind });
  const choices: fc.WeightedArbitrary<SentBody>[] = [
    { weight: 6, arbitrary: valid.map(asJson('valid')) },
    { weight: 6, arbitrary: fc.tuple(valid, fc.nat(), oddValue).map(([body, at, odd]) => asJson('broken field')(replaceField(body, at, odd))) },
    {
      weight: 4,
      arbitrary: fc.tuple(valid, fc.nat(), oddString).map(([body, at, odd]) => asJson('odd text')(replaceField(body, at, odd, 'string'))),
    },
    { weight: 2, arbitrary: fc.tuple(valid, fc.nat()).map(([body, at]) => asJson('missing field')(removeField(body, at))) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.constantFrom('__proto__', 'constructor', 'id', 'userId', 'extra', '', '\u0000', '\ud800'), oddValue)
        .map(([body, name, value]) => asJson('extra field')(withOwnField(body, name, value))),
    },
    { weight: 1, arbitrary: valid.map((body): SentBody => ({ headers: { 'content-type': 'text/plain' }, payload: toJsonText(body), kind: 'other content type' })) },
    { weight: 2, arbitrary: oddValue.map(asJson('not an object')) },
    { weight: 2, arbitrary: oddBody },
  ];
  if (context.takesMultipart?.(operation)) {
    const broken = fc.tuple(valid, fc.nat(), oddValue).map(([body, at, odd]) => replaceField(body, at, odd));
    choices.push({ weight: 3, arbitrary: fc.tuple(fc.oneof(valid, broken), fc.boolean()).map(([body, withFile]) => multipart(body, withFile)) });
  }
  return fc.oneof(...choices);
}

/** Every place in a body a value sits at, parents before their children: [['a'], ['a', 'b'], ['list', 0]]. */
export function fieldPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null || value instanceof RawJson) return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  return entries.flatMap(([key, item]) => [[...prefix, key], ...fieldPaths(item, [...prefix, key])]);
}

function valueAt(body: unknown, path: (string | number)[]): unknown {
  return path.reduce<any>((value, key) => value?.[key], body);
}

function changedAt(body: Record<string, unknown>, path: (string | number)[], change: (parent: any, key: string | number) => void) {
  const copy = structuredClone(body);
  let parent: any = copy;
  for (const key of path.slice(0, -1)) parent = parent[key];
  change(parent, path.at(-1)!);
  return copy;
}

/**
 * The body with its `at`-th field (any depth, counted round; only text fields when `only` is 'string') given `odd`;
 * a body without such fields gets one.
 */
export function replaceField(body: Record<string, unknown>, at: number, odd: unknown, only?: 'string'): Record<string, unknown> {
  const paths = fieldPaths(body).filter((path) => only === undefined || typeof valueAt(body, path) === only);
  if (paths.length === 0) return withOwnField(body, 'field', odd);
  return changedAt(body, paths[at % paths.length]!, (parent, key) => {
    parent[key] = odd;
  });
}

export function removeField(body: Record<string, unknown>, at: number): Record<string, unknown> {
  const paths = fieldPaths(body);
  if (paths.length === 0) return body;
  return changedAt(body, paths[at % paths.length]!, (parent, key) => {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  });
}

/** An own field, even one named __proto__ (assigning that one would set the prototype instead). */
function withOwnField(body: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  Object.defineProperty(copy, name, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

const BOUNDARY = 'generated-inputs-boundary';

/** The body's fields as a multipart form, as the chat sends them (text as it is, anything else as JSON), and maybe a file. */
function multipart(body: Record<string, unknown>, withFile: boolean): SentBody {
  const parts = Object.entries(body).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'string' ? value : toJsonText(value)}\r\n`,
  );
  if (withFile) parts.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`);
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.from(`${parts.join('')}--${BOUNDARY}--\r\n`),
    kind: 'multipart',
  };
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * Percent-encodes text for a URL as encodeURIComponent does, except that a lone surrogate (on which that throws) is
 * written as the three bytes UTF-8 would give it (WTF-8): the server must refuse it, not fail on it.
 */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const character of text) {
    if (UNRESERVED.test(character)) {
      encoded += character;
      continue;
    }
    const code = character.codePointAt(0)!;
    const bytes =
      code >= 0xd800 && code <= 0xdfff
        ? Buffer.from([0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)])
        : Buffer.from(character, 'utf8');
    for (const byte of bytes) encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** A request as a failure's message shows it: long text cut, so the message stays readable. */
export function describeRequest(request: GeneratedRequest): string {
  const payload = request.payload === undefined ? '' : ` ${cut(request.payload.toString())}`;
  return `${request.method} ${cut(request.url)} [${request.kind}; ${request.headers['content-type'] ?? 'no content type'}]${payload}`;
}

function cut(text: string): string {
  return JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text);
}
