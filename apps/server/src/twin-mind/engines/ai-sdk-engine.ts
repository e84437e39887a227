import { setTimeout as sleep } from 'node:timers/promises';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type ChatEngine, ChatEngineError, type ChatInput, systemPrompt, type WritingTask } from '@fartwin/echo';
import { APICallError } from 'ai';
import { echoLanguageModel } from './echo-model.ts';
import type { LanguageModelV3, ModelCallOptions } from './language-model.ts';

/** How long to wait before the one retry of a model call that failed in a retryable way (a 429, a 5xx). */
const RETRY_DELAY_MS = 300;

/** What the model is asked when there is no conversation to answer (a post). */
function requestFor(task: WritingTask): string {
  return task.kind === 'post' ? 'Write your next post.' : 'Say hello in one short message.';
}

/** The model's prompt: the twin's system prompt, then the conversation (or the request for a post). */
function promptFor(input: ChatInput, recallTokens?: number): ModelCallOptions['prompt'] {
  const task = input.task ?? { kind: 'chat' };
  const turns =
    input.conversation.length > 0 ? input.conversation : [{ role: 'user' as const, content: requestFor(task) }];
  return [
    {
      role: 'system',
      content: systemPrompt(input.character, task, input.maxChars, input.remembered, {
        recall: input.recall,
        budgetTokens: recallTokens,
      }),
    },
    ...turns.map((turn) => ({ role: turn.role, content: [{ type: 'text' as const, text: turn.content }] })),
  ];
}

/**
 * Opens the model's stream, and once more after RETRY_DELAY_MS when the first call failed in a way
 * worth retrying: the caller is waiting, so one quick retry, then an honest error.
 */
async function openStream(model: LanguageModelV3, options: ModelCallOptions) {
  try {
    return await model.doStream(options);
  } catch (error) {
    if (!APICallError.isInstance(error) || !error.isRetryable || options.abortSignal?.aborted) throw error;
    await sleep(RETRY_DELAY_MS, undefined, { signal: options.abortSignal });
    return model.doStream(options);
  }
}

/**
 * A chat engine over any AI SDK language model: the LLM in production, the echo model offline. It
 * drives the model's stream (LanguageModelV3.doStream) itself rather than through streamText: a
 * twin's reply is plain text from one call, and streamText's pipeline (prompt validation,
 * telemetry spans, a chain of web streams per call and per part) was a quarter of the bot
 * service's CPU per chat under load (measured with the benches in bench/).
 */
function aiSdkEngine(
  name: ChatEngine['name'],
  modelFor: (input: ChatInput) => LanguageModelV3,
  recallTokens?: number,
): ChatEngine {
  return {
    name,
    async *reply(input: ChatInput) {
      const { signal } = input;
      const stopped = () =>
        new ChatEngineError(`The ${name} engine was stopped: ${reasonOf(signal?.reason)}`, { cause: signal?.reason });
      const failed = (error: unknown) =>
        new ChatEngineError(`The ${name} engine failed: ${reasonOf(error)}`, { cause: error });
      let reader: ReadableStreamDefaultReader<unknown> | undefined;
      // Nobody waits for the text any more: a read in progress ends at once, whatever the model does.
      const cancel = () => void reader?.cancel(signal?.reason).catch(() => {});
      signal?.addEventListener('abort', cancel, { once: true });
      try {
        const { stream } = await openStream(modelFor(input), {
          prompt: promptFor(input, recallTokens),
          abortSignal: signal,
        });
        const parts = stream.getReader();
        reader = parts;
        if (signal?.aborted) cancel();
        for (;;) {
          const { done, value: part } = await parts.read();
          // Never pass a cut-off text as a whole one.
          if (signal?.aborted) throw stopped();
          if (done) return;
          // An empty delta (some endpoints open with one) is no text: the first token is a real one.
          if (part.type === 'text-delta') {
            if (part.delta) yield part.delta;
          } else if (part.type === 'error') throw failed(part.error);
        }
      } catch (error) {
        if (error instanceof ChatEngineError) throw error;
        // An abort can also surface as the call or its stream failing (the request was cut mid-answer).
        if (signal?.aborted) throw stopped();
        throw failed(error);
      } finally {
        signal?.removeEventListener('abort', cancel);
        // A consumer that stopped early, or a failure: the model's call ends too (a no-op once it has).
        void reader?.cancel().catch(() => {});
      }
    },
  };
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error ?? 'aborted');
}

/** The offline default: replies from the user's own casts, no model endpoint needed. */
export function echoEngine(): ChatEngine {
  return aiSdkEngine('echo', echoLanguageModel);
}

/**
 * Any OpenAI-compatible chat-completions endpoint (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL); what is
 * recalled of the owner's casts takes at most `recallTokens` of its prompt (LLM_RECALL_TOKENS).
 */
export function llmEngine(options: {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  recallTokens?: number | undefined;
}): ChatEngine {
  const provider = createOpenAICompatible({ name: 'llm', baseURL: options.baseUrl, apiKey: options.apiKey });
  const model = provider.chatModel(options.model);
  return aiSdkEngine('llm', () => model, options.recallTokens);
}
