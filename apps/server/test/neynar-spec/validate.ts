import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Neynar's published OpenAPI 3.0 spec (neynarxyz/OAS, MIT; see README.md here), the operations our
 * code calls, as a checker of the stand-ins' answers: an answer must have a status the spec lists
 * for that method and path, and a body its schema accepts.
 */
type Spec = {
  servers: { url: string }[];
  paths: Record<
    string,
    Record<string, { responses: Record<string, SpecResponse>; requestBody?: { content: SpecResponse['content'] } }>
  >;
};
type SpecResponse = { content?: Record<string, { schema: unknown }> };

const load = (file: string) => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as Spec;
export const neynarApiSpec = load('./api.json');
export const neynarHubSpec = load('./hub-api.json');

/**
 * OpenAPI 3.0's schema dialect as JSON Schema: `nullable` becomes a null type, `$ref`s point into the
 * document added under `id`, discriminators go (oneOf alone decides), and OpenAPI-only keywords
 * (example, externalDocs) are left to ajv's non-strict mode, which ignores them.
 */
function toJsonSchema(node: unknown, id: string): unknown {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, id));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') out[key] = `${id}${value}`;
    else if (key === 'discriminator') continue;
    else out[key] = toJsonSchema(value, id);
  }
  // `additionalProperties: false` beside anyOf/oneOf with no properties of its own (PostCastReqBodyEmbeds)
  // means "only the branches' properties" in the generators Neynar uses; in JSON Schema it would refuse
  // every property, so it is left to the branches, which say it themselves.
  if (out.additionalProperties === false && !out.properties && (out.anyOf || out.oneOf)) {
    delete out.additionalProperties;
  }
  if (out.nullable === true) {
    delete out.nullable;
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
for (const format of ['int32', 'int64', 'double', 'byte']) ajv.addFormat(format, true);
ajv.addSchema(toJsonSchema(neynarApiSpec, 'neynar-api') as object, 'neynar-api');
ajv.addSchema(toJsonSchema(neynarHubSpec, 'neynar-hub') as object, 'neynar-hub');

const compiled = new Map<string, ValidateFunction>();

const validatorFor = (key: string, schema: unknown, spec: 'api' | 'hub') => {
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(toJsonSchema(schema, `neynar-${spec}`) as object);
    compiled.set(key, validate);
  }
  return validate;
};

/** What is wrong with a JSON request body our code sent, by the operation's requestBody schema. */
export function specRequestViolations(request: { method: string; path: string; body: unknown }): string[] {
  const where = `${request.method} ${request.path}`;
  const operation = neynarApiSpec.paths[request.path]?.[request.method.toLowerCase()];
  if (!operation) return [`${where} is not an operation of Neynar's spec`];
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  if (!schema) return [];
  const validate = validatorFor(`request ${where}`, schema, 'api');
  if (validate(request.body)) return [];
  return (validate.errors ?? []).map((error) => `${where} request: ${error.instancePath || '(body)'} ${error.message}`);
}

/** What is wrong with an answer, by the spec; empty when nothing is. */
export function specViolations(
  answer: { method: string; path: string; status: number; body: unknown },
  spec: 'api' | 'hub' = 'api',
): string[] {
  const document = spec === 'api' ? neynarApiSpec : neynarHubSpec;
  const operation = document.paths[answer.path]?.[answer.method.toLowerCase()];
  const where = `${answer.method} ${answer.path}`;
  if (!operation) return [`${where} is not an operation of Neynar's spec`];
  const response = operation.responses[String(answer.status)];
  if (!response) {
    return [`${where} answered ${answer.status}; the spec lists ${Object.keys(operation.responses).join(', ')}`];
  }
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return [];
  const validate = validatorFor(`${spec} ${where} ${answer.status}`, schema, spec);
  if (validate(answer.body)) return [];
  return (validate.errors ?? []).map(
    (error) => `${where} ${answer.status}: ${error.instancePath || '(body)'} ${error.message}`,
  );
}
