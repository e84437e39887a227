import {
  type BatteryRelayRequest,
  type BatteryRelayResponse,
  batteryRelayPath,
  batteryRelayResponseSchema,
} from '@fartwin/protocol';
import { apiJson } from '../../lib/api-client.ts';

/** Asks the server to relay a signed battery (it pays the gas); answers the transaction's hash. */
export function relaySignedBattery(agentId: string, body: BatteryRelayRequest): Promise<BatteryRelayResponse> {
  return apiJson(batteryRelayPath(agentId), batteryRelayResponseSchema, { method: 'POST', body });
}
