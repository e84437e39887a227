export { type ActiveTwin, toActiveTwin } from './active-twin.ts';
export { TwinChat } from './components/TwinChat.tsx';
export { type ChatVariant, useTwinConversation } from './hooks/useTwinConversation.ts';
