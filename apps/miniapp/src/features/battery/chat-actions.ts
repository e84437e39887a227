import type { ChatMessage } from '@fartwin/protocol';
import { strings } from '../../lib/strings.ts';

/**
 * A chat message with the revival action it carries. A server reply containing "Agent
 * is dead." attaches the allow-spending action, so a stored reply (a reloaded conversation) gets it
 * back too.
 */
export function withRevivalAction<Message extends Pick<ChatMessage, 'text' | 'sender' | 'action'>>(
  message: Message,
): Message {
  if (message.action || message.sender !== 'agent' || !message.text.includes(strings.agentIsDead)) return message;
  return { ...message, action: 'allow-usdc-spending' };
}
