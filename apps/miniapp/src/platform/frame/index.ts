export type { HostMode } from '../../lib/host-mode.ts';
export { inBaseApp } from './base-app.ts';
export { LoadingScreen } from './components/LoadingScreen.tsx';
export { SafeArea } from './components/SafeArea.tsx';
export { FrameProvider, useFrame, useHostMode, useLaunchLocation } from './FrameProvider.tsx';
export type { FrameState } from './frame-state.ts';
