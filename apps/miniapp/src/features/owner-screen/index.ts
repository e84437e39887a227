// The owner screens' shared frame: the signed-in person's twin, and the states every owner screen shows.
export { OwnerScreen, type OwnerScreenQuery, type OwnerScreenTexts } from './components/OwnerScreen.tsx';
export { type OwnTwin, useOwnTwin } from './hooks/useOwnTwin.ts';
