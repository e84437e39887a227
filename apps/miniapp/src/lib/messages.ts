import type { ChatEngine, ChatMessage } from '@fartwin/protocol';

/** A chat message as the screens hold it: the protocol's message plus a key and the reply's engine. */
export interface UiMessage extends ChatMessage {
  id: string;
  engine?: ChatEngine;
}

let nextId = 0;

export function createMessage(
  text: string,
  sender: ChatMessage['sender'],
  extra: Partial<Omit<UiMessage, 'id' | 'text' | 'sender'>> = {},
): UiMessage {
  nextId += 1;
  return { id: `m${nextId}`, text, sender, ...extra };
}
