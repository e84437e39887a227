// The twin's character, memory and the engines that write as it (the offline echo engine, a model).
export { echoEngine, llmEngine } from './engines/ai-sdk-engine.ts';
export type { ChatEngine } from './engines/chat-engine.ts';
