import type { DeployProgress } from '@fartwin/protocol';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OnboardingPhase } from '../hooks/onboarding-state.ts';

/** The deploy requests, with the protocol's schemas that check the answers, load after the first paint. */
export const deployRequests = () => import('./deploy-requests.ts');

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
    queryFn: async (): Promise<DeployProgress | null> => (await deployRequests()).getDeployProgress(fid!),
    enabled: (active || phase === 'deployed') && fid !== null,
    refetchInterval: (query) => (active && query.state.data !== null ? PROGRESS_POLL_MS : false),
  });
  const { refetch } = query;
  useEffect(() => {
    if (phase === 'deployed') void refetch();
  }, [phase, refetch]);
  return query;
}
