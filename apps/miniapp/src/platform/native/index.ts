// The skeletons are imported from components/ directly by the screens that show them: each belongs
// to its screen's chunk, whatever the bundler makes of this index.
export { forgetHostCapabilities, hostCapabilities, sdkWith } from './capabilities.ts';
export { haptics } from './haptics.ts';
