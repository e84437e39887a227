import { z } from 'zod/mini';

/** The paths of the twin's economy, relative to the bot service's base URL. */
export const economyPaths = {
  /** GET, public: fees earned, batteries the twin bought itself, its runway. */
  economy: (agentId: string) => `/doppelganger/economy/${encodeURIComponent(agentId)}`,
  /** PATCH, the twin's owner only: "Pay my battery from my token's fees". */
  payBatteryFromFees: (agentId: string) => `/doppelganger/economy/${encodeURIComponent(agentId)}/pay-battery`,
} as const;

/** The owner's switch, as shown on the twin's page. */
export const PAY_BATTERY_FROM_FEES_LABEL = "Pay my battery from my token's fees";

export const runwaySchema = z.discriminatedUnion('kind', [
  /** At the fees' rate so far, a battery's worth comes in every `everyDays` days (within a battery's life). */
  z.object({ kind: z.literal('pays-itself'), everyDays: z.int().check(z.minimum(1)) }),
  z.object({ kind: z.literal('not-yet') }),
]);
export type Runway = z.infer<typeof runwaySchema>;

// GET /doppelganger/economy/{agentId}
export const economyResponseSchema = z.object({
  agentId: z.string(),
  /** Fees the twin's token has earned, in USDC's smallest unit, as a decimal string: sold so far plus waiting. */
  feesEarnedUsdc: z.string(),
  /** Batteries the twin bought with its fees. */
  batteriesBought: z.int().check(z.minimum(0)),
  runway: runwaySchema,
  payBatteryFromFees: z.boolean(),
});
export type EconomyResponse = z.infer<typeof economyResponseSchema>;

// PATCH /doppelganger/economy/{agentId}/pay-battery
export const payBatteryFromFeesRequestSchema = z.strictObject({ on: z.boolean() });
/** Its answer: the switch as saved. */
export const payBatteryFromFeesResponseSchema = z.object({ agentId: z.string(), payBatteryFromFees: z.boolean() });
export type PayBatteryFromFeesResponse = z.infer<typeof payBatteryFromFeesResponseSchema>;

/** The runway's sentence on the twin's page. */
export function runwayText(runway: Runway): string {
  return runway.kind === 'pays-itself'
    ? `pays its own battery at the current volume: about every ${runway.everyDays} days`
    : 'fees do not cover a battery yet';
}
