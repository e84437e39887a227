// The skeletons are imported from components/ directly by the screens that show them, so they stay
// in those screens' chunks (through this index they were pulled into the first load).
export { forgetHostCapabilities, hostCapabilities, sdkWith } from './capabilities.ts';
export { haptics } from './haptics.ts';
