import type { ConversationTurn } from '@fartwin/protocol';
import type { Character } from '../character.ts';

export interface ChatInput {
  /** Who the twin is; the owner's choices are its traits. */
  character: Character;
  /** Oldest first, already cut to what the engine should see; the last turn is the user's new message. */
  conversation: readonly ConversationTurn[];
}

/** Something that writes a twin's reply, streamed as text chunks. */
export interface ChatEngine {
  /** Reported to the client so the UI can say when replies come from the offline engine. */
  readonly name: 'echo' | 'llm';
  reply(input: ChatInput): AsyncIterable<string>;
}

/** Thrown when the engine could not produce a reply (the model endpoint failed, say). */
export class ChatEngineError extends Error {
  override name = 'ChatEngineError';
}
