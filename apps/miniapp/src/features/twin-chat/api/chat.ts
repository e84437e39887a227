import {
  apiPaths,
  type ChatRequest,
  type ChatResponse,
  type ConversationHistory,
  chatResponseSchema,
  chatStreamDeltaSchema,
  chatStreamEvents,
  conversationHistorySchema,
} from '@fartwin/protocol';
import { ApiError, apiErrorFrom, apiJson, apiRequest, toApiError } from '../../../lib/api-client.ts';
import { readServerSentEvents } from '../../../lib/sse.ts';

/*
 * The twin chat's requests. They load after the first paint with the protocol's schemas, the SSE
 * parser and the API client: the chat screen imports them when it first needs them.
 */

/** GET the stored turns of a twin's conversation; none when the server keeps no history. */
export async function getConversation(agentId: string): Promise<ConversationHistory> {
  try {
    return await apiJson(apiPaths.conversation(agentId), conversationHistorySchema, { auth: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { turns: [] };
    throw error;
  }
}

/** The reply is read from the response's message, else its text. */
function parseReply(body: unknown): ChatResponse {
  const parsed = chatResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const text = (body as { text?: unknown } | null)?.text;
  if (typeof text === 'string') return { message: text, engine: 'llm' };
  throw new Error('The reply could not be read');
}

/**
 * POST /doppelganger/chat-with-fartwin/{agentId}. Asks for SSE; each `delta` chunk goes to onDelta
 * and the `done` event is the whole reply. A server that answers JSON is read the same way.
 */
export async function sendChat(
  agentId: string,
  body: ChatRequest,
  onDelta: (chunk: string) => void,
): Promise<ChatResponse> {
  const response = await apiRequest(apiPaths.chat(agentId), {
    method: 'POST',
    body,
    auth: true,
    accept: 'text/event-stream, application/json',
  });
  if (!response.ok) throw await toApiError(response);
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('text/event-stream') || !response.body) return parseReply(await response.json());

  for await (const event of readServerSentEvents(response.body)) {
    if (event.event === chatStreamEvents.delta) {
      onDelta(chatStreamDeltaSchema.parse(JSON.parse(event.data)));
    } else if (event.event === chatStreamEvents.done) {
      return parseReply(JSON.parse(event.data));
    } else if (event.event === chatStreamEvents.error) {
      throw apiErrorFrom(response.status, JSON.parse(event.data));
    }
  }
  throw new Error('The reply ended before it was complete');
}
