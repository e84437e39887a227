import type { Context } from '@farcaster/miniapp-sdk';

/** The frame context state the app holds (loading and frame mode start true). */
export interface FrameState {
  fid: number | null;
  isConnected: boolean;
  isLoading: boolean;
  error: string | null;
  frameContext: Context.MiniAppContext | null;
  isFarcasterFrame: boolean;
}

export const initialFrameState: FrameState = {
  fid: null,
  isConnected: false,
  isLoading: true,
  error: null,
  frameContext: null,
  isFarcasterFrame: true,
};
