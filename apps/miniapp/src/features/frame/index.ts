export { LoadingScreen } from './components/LoadingScreen.tsx';
export { SafeArea } from './components/SafeArea.tsx';
export { FrameProvider, useFrame } from './FrameProvider.tsx';
export { FRAME_INIT_ERROR, type FrameState } from './frame-state.ts';
