import type { ChatMessage } from '@fartwin/protocol';

/** A message the revival flow posts into the chat. */
export type RevivalMessage = Pick<ChatMessage, 'text' | 'sender' | 'action'>;
