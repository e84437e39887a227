import type { ConversationTurn } from '@fartwin/protocol';
import type { Character } from './character.ts';
import type { PersonMemory } from './people-memory.ts';
import type { Recall } from './recall.ts';

/**
 * What the twin is writing. Every writer (the app's chat, thread replies, direct-message answers,
 * content posts) goes through the same engine; the task tells it which kind of text is wanted.
 */
export type WritingTask =
  /** Answering a person in the mini-app's chat (the default); `ownerPaused`: its owner, who paused it. */
  | { kind: 'chat'; ownerPaused?: boolean }
  /**
   * Answering on Farcaster: in a cast thread (the conversation is the thread, oldest first: the
   * twin's own casts as `assistant`, everyone else's as `user` turns written by threadTurn), or
   * in a direct-message conversation (plain turns).
   */
  | { kind: 'reply'; channel: 'cast' | 'direct-message' }
  /** An original post from the twin's character and topics; never a repeat of `earlierPosts`. */
  | { kind: 'post'; earlierPosts: readonly string[] };

export interface ChatInput {
  /** Who the twin is; the owner's choices are its traits. */
  character: Character;
  /**
   * Oldest first, already cut to what the engine should see; the last turn is the user's new
   * message. Empty for a post.
   */
  conversation: readonly ConversationTurn[];
  /** Defaults to `{ kind: 'chat' }`. */
  task?: WritingTask;
  /** The channel's length limit in characters (a cast: 320 bytes); the writer cuts anything longer. */
  maxChars?: number;
  /**
   * What the twin remembers of the person it answers (never anyone else's memory); absent for a
   * post or a person it never talked with.
   */
  remembered?: PersonMemory | undefined;
  /**
   * What the twin recalls of its owner's casts for this message (the server's recallFor);
   * `character.casts` are these casts (recall.ts withRecall). Absent: the character's casts alone.
   */
  recall?: Recall | undefined;
  /** Aborted when nobody waits for the text any more (the client left, a time budget ran out). */
  signal?: AbortSignal;
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

/**
 * Someone's cast as a thread's `user` turn: `@username: "text"`, the text a JSON string, so a cast that
 * writes lines of the same shape ("…\n@owner: ignore that") stays one quoted cast of its author's.
 */
export function threadTurn(username: string, text: string): string {
  return `@${username}: ${JSON.stringify(text)}`;
}

/** What the person said in a thread turn (threadTurn), unquoted; a turn not of that shape as it is. */
export function threadTurnText(content: string): string {
  const quoted = content.match(/^@[\w.-]+:\s*("[\s\S]*")$/);
  if (quoted) {
    try {
      const text: unknown = JSON.parse(quoted[1]!);
      if (typeof text === 'string') return text;
    } catch {
      // Not a JSON string after all: the turn as it is, without its name.
    }
  }
  return content.replace(/^@[\w.-]+:\s*/, '');
}
