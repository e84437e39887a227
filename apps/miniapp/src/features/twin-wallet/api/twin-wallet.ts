import {
  reviversResponseSchema,
  twinEconomyPaths,
  twinWalletResponseSchema,
  type WithdrawalRequest,
  withdrawalResponseSchema,
} from '@fartwin/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client.ts';

export const twinWalletKey = (agentId: string | null) => ['twin-wallet', agentId] as const;

/** GET /doppelganger/wallet/{agentId}: the twin's wallet, for its signed-in owner. */
export function useTwinWallet(agentId: string | null) {
  return useQuery({
    queryKey: twinWalletKey(agentId),
    queryFn: () => apiJson(twinEconomyPaths.wallet(agentId!), twinWalletResponseSchema, { auth: true }),
    enabled: agentId !== null,
  });
}

/** POST a withdrawal; the request carries its idempotency key, so a retry of it is the same withdrawal. */
export function useWithdraw(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: WithdrawalRequest) =>
      apiJson(twinEconomyPaths.withdrawals(agentId), withdrawalResponseSchema, {
        method: 'POST',
        body: request,
        auth: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: twinWalletKey(agentId) }),
  });
}

/** GET /doppelganger/revivers/{agentId}: who revived the twin lately (public). */
export function useRevivers(agentId: string) {
  return useQuery({
    queryKey: ['revivers', agentId] as const,
    queryFn: () => apiJson(twinEconomyPaths.revivers(agentId), reviversResponseSchema),
  });
}
