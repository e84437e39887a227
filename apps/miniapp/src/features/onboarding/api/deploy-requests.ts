import {
  apiPaths,
  type DeployProgress,
  type DeployResponse,
  deployProgressSchema,
  deployResponseSchema,
} from '@fartwin/protocol';
import { apiErrorFrom, apiRequest, toApiError } from '../../../lib/api-client.ts';

/*
 * The deploy requests. They load after the first paint, with the protocol's schemas that check the
 * answers.
 */

/** POST /doppelganger/deploy/{fid}. An answer in the deploy shape is returned even with an error status. */
export async function postDeploy(fid: number, choices: string[]): Promise<DeployResponse> {
  const response = await apiRequest(apiPaths.deploy(fid), { method: 'POST', body: { choices }, auth: true });
  if (response.ok) return deployResponseSchema.parse(await response.json());
  const body: unknown = await response.json().catch(() => null);
  const parsed = deployResponseSchema.safeParse(body);
  if (parsed.success && (parsed.data.error || parsed.data.action || parsed.data.metadata?.errorType))
    return parsed.data;
  throw apiErrorFrom(response.status, body);
}

/** GET the deploy pipeline's progress; null from a server without the progress endpoint (404). */
export async function getDeployProgress(fid: number): Promise<DeployProgress | null> {
  const response = await apiRequest(apiPaths.deployProgress(fid), { auth: true });
  if (response.status === 404) return null;
  if (!response.ok) throw await toApiError(response);
  return deployProgressSchema.parse(await response.json());
}
