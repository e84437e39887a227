export { ProfileAction } from './components/ProfileAction.tsx';
export { TwinLinks, type TwinLinksProps } from './components/TwinLinks.tsx';
