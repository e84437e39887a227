export { TwinChat } from './components/TwinChat.tsx';
