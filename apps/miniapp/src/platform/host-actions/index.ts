// A client's action (a profile, a token, a swap, the composer) as a control: the client's own inside
// one that has it, the web page that stands in for it elsewhere.
export { HostActionControl } from './components/HostActionControl.tsx';
export { buyTokenAction, composeCastAction, viewProfileAction, viewTokenAction } from './host-actions.ts';
export { type HostActionSpec, useHostAction, useHostCapability } from './useHostAction.ts';
export { castWebUrl, composeWebUrl } from './web-urls.ts';
