export { useWebSignInSlot, WebHome } from './components/lazy.tsx';
