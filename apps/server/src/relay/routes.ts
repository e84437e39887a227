import { batteryRelayRequestSchema } from '@fartwin/protocol';
import { Hono } from 'hono';
import { agentIdParam } from '../platform/http/agent-id-param.ts';
import { jsonBody } from '../platform/http/json-body.ts';
import { clientIp } from '../platform/limits/client-ip.ts';
import type { RateLimits } from '../platform/limits/rate-limits.ts';
import type { BatteryRelay } from './relay-service.ts';

/** POST /doppelganger/battery-relay/{agentId}: relay a signed battery (revival with only USDC). */
export function batteryRelayRoutes(deps: { relay: BatteryRelay; rateLimits: RateLimits; trustProxyHops: number }) {
  const app = new Hono();
  app.post('/doppelganger/battery-relay/:agentId', deps.rateLimits.limit('batteryRelayPerIp'), async (c) => {
    const agentId = agentIdParam(c.req.param('agentId'));
    const input = await jsonBody(c, batteryRelayRequestSchema);
    const ip = clientIp(c, deps.trustProxyHops);
    return c.json(await deps.relay.relay(agentId, input, ip === 'unknown' ? null : ip));
  });
  return app;
}
