import { RECALL_HEADERS } from '@fartwin/echo';
import { Hono } from 'hono';
import { type Listening, listen } from '../support/listen.ts';

/**
 * The voice bench's model: an OpenAI-compatible chat-completions endpoint (`POST /v1/chat/completions`,
 * streamed as server-sent events of `chat.completion.chunk` objects, ended by `data: [DONE]`) that
 * records the system prompt of every request and answers with text taken from what the prompt recalls
 * of the owner's casts: a "retrieval only" reply. With a real model to score (`forward`), it still
 * records each prompt, and passes the request on to that model and its streamed answer back.
 */

export interface RecordedPrompt {
  system: string;
  /** The last message of the conversation: what the twin was asked. */
  asked: string;
}

/** A real model the requests go on to: an OpenAI-compatible base URL (ending before /chat/completions). */
export interface ForwardTo {
  baseUrl: string;
  apiKey?: string | undefined;
}

export interface RecordingModel extends Listening {
  /** Every request's prompt, in the order they came. */
  recorded: RecordedPrompt[];
  /** The prompt of the latest request that asked `message`. */
  promptFor(message: string): RecordedPrompt | undefined;
}

/** A real model's answer is a few seconds; a stuck one must not hold the bench. */
const FORWARD_TIMEOUT_MS = 60_000;

/** The headers the bot service puts before what it recalls, each a line of the prompt of its own. */
const RECALL_SECTIONS = Object.values(RECALL_HEADERS);
/** A quoted text at the end of a recalled line: `- to "…" they said "…"`, `- 2026-11-28, a post: "…"`. */
const QUOTED_AT_END = /("(?:[^"\\]|\\.)*")$/;
const NOTHING_RECALLED_REPLY = "i haven't cast about that.";

/** The prompt's recalled block: each recall header and the list lines under it, as the prompt has them. */
export function recalledBlock(system: string): string {
  const lines: string[] = [];
  let inSection = false;
  for (const line of system.split('\n')) {
    if (RECALL_SECTIONS.some((header) => line.startsWith(header))) inSection = true;
    else if (!line.startsWith('- ')) inSection = false;
    if (inSection) lines.push(line);
  }
  return lines.join('\n');
}

/** The texts the prompt recalls, in its order (the owner's example answers first, then the casts). */
export function recalledTexts(system: string): string[] {
  return recalledBlock(system)
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .flatMap((line) => {
      const quoted = QUOTED_AT_END.exec(line)?.[1];
      return quoted ? [JSON.parse(quoted) as string] : [];
    });
}

type Content = string | { type: string; text?: string }[];
/** The parts of a chat-completions request the endpoint reads. */
interface ChatCompletionsRequest {
  model: string;
  messages: { role: string; content: Content }[];
}

const textOf = (content: Content) =>
  typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('');

/** One streamed event of the answer: a `chat.completion.chunk` with one choice. */
function chunk(model: string, delta: object, finishReason: string | null): string {
  const event = {
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
  return `data: ${JSON.stringify(event)}\n\n`;
}

export async function startRecordingModel(forward?: ForwardTo): Promise<RecordingModel> {
  const recorded: RecordedPrompt[] = [];
  const app = new Hono();
  app.post('/v1/chat/completions', async (c) => {
    const request = (await c.req.json()) as ChatCompletionsRequest;
    const system = request.messages.find((message) => message.role === 'system');
    const last = request.messages.at(-1);
    recorded.push({ system: system ? textOf(system.content) : '', asked: last ? textOf(last.content) : '' });
    if (forward) {
      const upstream = await fetch(`${forward.baseUrl.replace(/\/$/, '')}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(forward.apiKey ? { authorization: `Bearer ${forward.apiKey}` } : {}),
        },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      });
      return new Response(upstream.body, {
        status: upstream.status,
        headers: { 'content-type': upstream.headers.get('content-type') ?? 'text/event-stream' },
      });
    }
    const reply = recalledTexts(recorded.at(-1)!.system)[0] ?? NOTHING_RECALLED_REPLY;
    const body =
      chunk(request.model, { role: 'assistant', content: reply }, null) +
      chunk(request.model, {}, 'stop') +
      'data: [DONE]\n\n';
    return c.body(body, 200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  });
  const listening = await listen(app);
  return {
    ...listening,
    recorded,
    promptFor: (message) => recorded.findLast((prompt) => prompt.asked === message),
  };
}
