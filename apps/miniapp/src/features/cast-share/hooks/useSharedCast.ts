import type { Context } from '@farcaster/miniapp-sdk';
import { useLaunchLocation } from '../../../platform/frame/index.ts';

/** The cast the app was opened with from the client's share extension; null for every other launch. */
export function useSharedCast(): Context.MiniAppCast | null {
  const location = useLaunchLocation();
  return location?.type === 'cast_share' ? location.cast : null;
}
