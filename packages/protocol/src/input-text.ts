import type { ZodString } from 'zod';
import { z } from 'zod/mini';

/**
 * Text that comes from outside (a request, a webhook, a chain event) and may reach Postgres or JSON.
 * Postgres refuses a NUL byte in text (22021) and JSON cannot carry a lone UTF-16 surrogate; both
 * are refused at the edge, so no shared work (an index, a job) ever meets them.
 */

/** The canonical agent id the deploy service issues (crypto.randomUUID()): 36 characters, lowercase. */
export const AGENT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether `value` is a twin's id: anything else is not a twin's (the life contract refuses it too). */
export function isAgentId(value: unknown): value is string {
  return typeof value === 'string' && AGENT_ID_PATTERN.test(value);
}

export const agentIdSchema = z.string().check(z.regex(AGENT_ID_PATTERN, 'must be a twin id: a lowercase UUID'));

/** NUL, or a surrogate half not paired with its other half. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL is what this looks for.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `value` cannot be stored as text, in words; null when it can. */
export function textProblem(value: string): string | null {
  const found = UNSTORABLE.exec(value);
  if (!found) return null;
  return found[0] === '\u0000' ? 'contains a NUL character (U+0000)' : 'contains an unpaired UTF-16 surrogate';
}

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** `value` with each NUL or unpaired surrogate written as its escape (`\\u0000`): storable, and readable in a log. */
export function escapeUnstorable(value: string): string {
  return value.replace(
    new RegExp(UNSTORABLE.source, 'g'),
    (found) => `\\u${found.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The first string inside `value` (a parsed JSON body, a query) that cannot be stored, with its
 * path ("conversation.0.content"; "" for `value` itself), or null when every string can. Object keys
 * are checked too: they become jsonb keys.
 */
export function firstUnstorableText(value: unknown, path = ''): { path: string; problem: string } | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path, problem } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    // The path is shown and stored: a key's own NUL is written escaped.
    const at = path === '' ? escapeUnstorable(String(key)) : `${path}.${escapeUnstorable(String(key))}`;
    const keyProblem = typeof key === 'string' ? textProblem(key) : null;
    if (keyProblem) return { path: at, problem: `key ${keyProblem}` };
    const found = firstUnstorableText(item, at);
    if (found) return found;
  }
  return null;
}

const STORABLE_TEXT_MESSAGE = 'must be text without NUL characters or unpaired surrogates';

/**
 * `schema` (a zod string with its own limits: zod/mini's, or the server's classic zod) that also
 * refuses what Postgres and JSON cannot store.
 */
export function storableText<Schema extends z.ZodMiniString | ZodString = z.ZodMiniString>(
  schema: Schema = z.string() as Schema,
): Schema {
  const check = z.refine<string>(isStorableText, { message: STORABLE_TEXT_MESSAGE });
  return (schema as z.ZodMiniString).check(check) as Schema;
}
