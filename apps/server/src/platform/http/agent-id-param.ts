import { isAgentId } from '@fartwin/protocol';
import { HttpError } from './errors.ts';

/**
 * An agent id from the path; 400 `invalid_agent_id` unless it is a twin's id (a lowercase UUID),
 * before anything reaches the database: a NUL byte in a path would otherwise fail there.
 */
export function agentIdParam(value: string): string {
  if (!isAgentId(value)) throw new HttpError(400, 'invalid_agent_id', 'agentId must be a twin id (a lowercase UUID)');
  return value;
}
