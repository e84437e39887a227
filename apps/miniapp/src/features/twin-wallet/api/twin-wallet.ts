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

/** While a withdrawal is on its way (sent, not mined yet), the wallet is read again this often. */
export const PENDING_WITHDRAWAL_REFRESH_MS = 3_000;

/**
 * GET /doppelganger/wallet/{agentId}: the twin's wallet, for its signed-in owner. The server answers
 * a withdrawal once sent and confirms it on a later read, so a pending one is read again until settled.
 */
export function useTwinWallet(agentId: string | null) {
  return useQuery({
    queryKey: twinWalletKey(agentId),
    queryFn: () => apiJson(twinEconomyPaths.wallet(agentId!), twinWalletResponseSchema, { auth: true }),
    enabled: agentId !== null,
    refetchInterval: (query) =>
      query.state.data?.transactions.some(
        (transaction) => transaction.kind === 'withdrawal' && transaction.status === 'sent',
      )
        ? PENDING_WITHDRAWAL_REFRESH_MS
        : false,
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
