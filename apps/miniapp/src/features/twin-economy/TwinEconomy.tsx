import {
  economyPaths,
  economyResponseSchema,
  PAY_BATTERY_FROM_FEES_LABEL,
  payBatteryFromFeesResponseSchema,
  runwayText,
  USDC_DECIMALS,
} from '@fartwin/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client.ts';
import { useOwnsTwin } from '../agents/index.ts';
import { economyQueryKey, refreshTwinEconomy } from './query-key.ts';
import './twin-economy.css';

/**
 * Others' trades and the keeper's battery show within this long, while the page is in view (no
 * polling in a hidden tab); the person's own trade refreshes the figures at once (TwinLinks).
 */
const ECONOMY_REFRESH_MS = 15_000;

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
    queryKey: economyQueryKey(agentId),
    queryFn: () => apiJson(economyPaths.economy(agentId), economyResponseSchema),
    refetchInterval: ECONOMY_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  const save = useMutation({
    mutationFn: (on: boolean) =>
      apiJson(economyPaths.payBatteryFromFees(agentId), payBatteryFromFeesResponseSchema, {
        method: 'PATCH',
        body: { on },
        auth: true,
      }),
    onSuccess: () => refreshTwinEconomy(queryClient, agentId),
  });
  // Its two lines are held while they load, so the chat under the header does not move when they come.
  if (economy.isPending) {
    return (
      <section className="twin-economy" aria-hidden="true">
        <p>&nbsp;</p>
        <p>&nbsp;</p>
      </section>
    );
  }
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
