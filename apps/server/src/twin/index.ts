// The twin's character, memory and the engines that write as it (the offline echo engine, a model).

export type { MemoryCast } from './cast-memory-store.ts';
export {
  memoryCastsFromTexts,
  memoryCastsOf,
  memorySize,
  newestCasts,
  recalledFor,
  rememberCasts,
} from './cast-memory-store.ts';
export { profileCasts } from './cast-profile.ts';
export type { Character } from './character.ts';
export { buildCharacter, CHARACTER_CAST_LIMIT, characterSchema } from './character.ts';
export { characteristicsFor, choicesProblem, leaningChoices, PERSONALITY_AXES } from './characteristics.ts';
export { echoEngine, llmEngine } from './engines/ai-sdk-engine.ts';
export type { ChatEngine, ChatInput } from './engines/chat-engine.ts';
export { ChatEngineError, threadTurn } from './engines/chat-engine.ts';
export * as framing from './framing.ts';
export { avoidedTopicIn, speakableCharacter } from './owner-words.ts';
export type { PersonMemory } from './people-memory.ts';
export type { RecallRow } from './people-memory-store.ts';
export {
  forgetPeople,
  listPeopleMemory,
  personMemoryFrom,
  recallQuery,
  rememberExchange,
  withPersonMemory,
} from './people-memory-store.ts';
export { loadPersona, personaOf } from './persona.ts';
export { stripEmojis } from './text.ts';
export { seededPicker } from './voice.ts';
