import {
  economyPaths,
  economyResponseSchema,
  PAY_BATTERY_FROM_FEES_LABEL,
  runwayText,
  USDC_DECIMALS,
} from '@fartwin/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '../../lib/api-client.ts';
import { useOwnsTwin } from '../twin-links/hooks/useOwnsTwin.ts';
import './twin-economy.css';

const economyKey = (agentId: string) => ['twin-economy', agentId] as const;
/** New blocks (trades, the keeper's battery) show within this long. */
const REFRESH_MS = 5_000;

const usdc = (smallest: string) =>
  `$${(Number(smallest) / 10 ** USDC_DECIMALS).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/**
 * Under the twin's header: what its token's fees earned, the batteries it bought itself, and its
 * runway; its owner also sees the switch that lets the fees pay its battery.
 */
export function TwinEconomy({ agentId }: { agentId: string }) {
  const own = useOwnsTwin(agentId);
  const queryClient = useQueryClient();
  const economy = useQuery({
    queryKey: economyKey(agentId),
    queryFn: () => apiJson(economyPaths.economy(agentId), economyResponseSchema),
    refetchInterval: REFRESH_MS,
  });
  const save = useMutation({
    mutationFn: (on: boolean) =>
      apiJson(economyPaths.payBatteryFromFees(agentId), z.object({ payBatteryFromFees: z.boolean() }), {
        method: 'PATCH',
        body: { on },
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: economyKey(agentId) }),
  });
  if (!economy.data) return null;
  const { feesEarnedUsdc, batteriesBought, runway, payBatteryFromFees } = economy.data;
  const checked = save.isPending ? save.variables : payBatteryFromFees;
  return (
    <section className="twin-economy" data-testid="twin-economy" aria-label="Token fees">
      <p>
        Fees earned: <strong data-testid="fees-earned">{usdc(feesEarnedUsdc)}</strong> · Batteries it bought:{' '}
        <strong data-testid="batteries-bought">{batteriesBought}</strong>
      </p>
      <p data-testid="runway">{runwayText(runway)}</p>
      {own ? (
        <label className="twin-economy__switch">
          <input
            type="checkbox"
            checked={checked}
            disabled={save.isPending}
            onChange={(event) => save.mutate(event.target.checked)}
          />
          {PAY_BATTERY_FROM_FEES_LABEL}
          {save.isError ? <span className="twin-economy__error"> {save.error.message}</span> : null}
        </label>
      ) : null}
    </section>
  );
}
