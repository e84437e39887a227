export { HostActionControl } from './components/HostActionControl.tsx';
export { ProfileAction } from './components/ProfileAction.tsx';
export { TwinLinks, type TwinLinksProps } from './components/TwinLinks.tsx';
export { type HostActionSpec, useHostAction, useHostCapability } from './hooks/useHostAction.ts';
export { composeCastAction, viewProfileAction } from './twin-actions.ts';
export { castWebUrl, composeWebUrl } from './twin-urls.ts';
