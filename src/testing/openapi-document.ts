import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';

export type OpenApiDocument = OpenAPIV3_1.Document;

export interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  /** The document's path template: '/api/insurance/{id}'. */
  path: string;
  operation: OpenAPIV3_1.OperationObject;
  pathParams: string[];
}

export async function fetchOpenApiDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}`);
  return response.json() as OpenApiDocument;
}

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'patch', 'delete'] as const)
      .filter((method) => item?.[method])
      .map((method) => ({
        method: method.toUpperCase() as Operation['method'],
        path,
        operation: item![method]!,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
      })),
  );
}

/** '/api/insurance/{id}' with { id: 7 } → '/api/insurance/7'. */
export function fillPath(path: string, values: Record<string, number | string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return String(values[name]);
  });
}

/**
 * Checks a body against the JSON Schema the document gives for one response, with the document's own
 * components, as any client generated from the document would.
 */
export function responseValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document as object, 'openapi.json');
  return (path: string, method: string, status: number, body: unknown): string[] => {
    const pointer = ['paths', path, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema']
      .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
      .join('/');
    const validate = ajv.compile({ $ref: `openapi.json#/${pointer}` });
    return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };
}
