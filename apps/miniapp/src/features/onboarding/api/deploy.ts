import {
  apiPaths,
  type DeployProgress,
  type DeployResponse,
  deployProgressSchema,
  deployResponseSchema,
} from '@fartwin/protocol';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiErrorFrom, apiRequest, toApiError } from '../../../lib/api-client.ts';
import type { OnboardingPhase } from '../hooks/onboarding-state.ts';

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

const PROGRESS_POLL_MS = 1_000;

/**
 * Polls the deploy pipeline's progress while the deploy request is in flight, and reads it once
 * more when the twin is deployed: the pipeline can finish between two polls, and the person then
 * sees every step done. A server without the progress endpoint (404) answers null and polling stops.
 */
export function useDeployProgress(fid: number | null, phase: OnboardingPhase) {
  const active = phase === 'deploying';
  const query = useQuery({
    queryKey: ['deploy-progress', fid],
    queryFn: async (): Promise<DeployProgress | null> => {
      const response = await apiRequest(apiPaths.deployProgress(fid!), { auth: true });
      if (response.status === 404) return null;
      if (!response.ok) throw await toApiError(response);
      return deployProgressSchema.parse(await response.json());
    },
    enabled: (active || phase === 'deployed') && fid !== null,
    refetchInterval: (query) => (active && query.state.data !== null ? PROGRESS_POLL_MS : false),
  });
  const { refetch } = query;
  useEffect(() => {
    if (phase === 'deployed') void refetch();
  }, [phase, refetch]);
  return query;
}
