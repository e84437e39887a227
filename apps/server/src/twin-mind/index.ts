// The twin's memory stores, its persona read from Farcaster and the engines that write as it (the
// offline echo engine, a model). The engine's text work is the @fartwin/echo package (its README).

export type { Character, ChatEngine, ChatInput, PersonMemory } from '@fartwin/echo';
export {
  aboutMeOf,
  avoidedTopicIn,
  buildCharacter,
  CHARACTER_CAST_LIMIT,
  ChatEngineError,
  characteristicsFor,
  characterSchema,
  choicesProblem,
  framing,
  leaningChoices,
  PERSONALITY_AXES,
  profileCasts,
  seededPicker,
  speakableCharacter,
  stripEmojis,
  threadTurn,
} from '@fartwin/echo';
export type { MemoryCast } from './cast-memory-store.ts';
export {
  memoryCastsFromTexts,
  memoryCastsOf,
  memorySize,
  newestCasts,
  recalledFor,
  rememberCasts,
} from './cast-memory-store.ts';
export { echoEngine, llmEngine } from './engines/ai-sdk-engine.ts';
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
