import type { FrameSdk } from '../../lib/frame-sdk.ts';
import { sdkWith } from './capabilities.ts';

/**
 * Light haptics where the client has them (its getCapabilities lists the call); nothing elsewhere.
 * Fire and forget: a haptic that fails never stands in the way of what it accompanies.
 */
export const haptics = {
  /** A message sent. */
  tap: () => feel('haptics.impactOccurred', (sdk) => sdk.haptics.impactOccurred('light')),
  /** Something the person waited for is done: the twin deployed, the battery installed. */
  success: () => feel('haptics.notificationOccurred', (sdk) => sdk.haptics.notificationOccurred('success')),
};

async function feel(
  capability: 'haptics.impactOccurred' | 'haptics.notificationOccurred',
  call: (sdk: FrameSdk) => Promise<void>,
): Promise<void> {
  try {
    const sdk = await sdkWith(capability);
    if (sdk) await call(sdk);
  } catch (error) {
    console.warn('Haptic feedback failed', error);
  }
}
