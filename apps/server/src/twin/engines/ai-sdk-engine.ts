import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type LanguageModel, type ModelMessage, streamText } from 'ai';
import { type ChatEngine, ChatEngineError, type ChatInput, type WritingTask } from './chat-engine.ts';
import { echoLanguageModel } from './echo-model.ts';
import { systemPrompt } from './system-prompt.ts';

/** What the model is asked when there is no conversation to answer (a post). */
function requestFor(task: WritingTask): string {
  return task.kind === 'post' ? 'Write your next post.' : 'Say hello in one short message.';
}

/** A chat engine over any AI SDK model: the LLM in production, the echo model offline. */
function aiSdkEngine(name: ChatEngine['name'], modelFor: (input: ChatInput) => LanguageModel): ChatEngine {
  return {
    name,
    async *reply(input: ChatInput) {
      const task = input.task ?? { kind: 'chat' };
      const messages: ModelMessage[] =
        input.conversation.length > 0
          ? input.conversation.map((turn) => ({ role: turn.role, content: turn.content }))
          : [{ role: 'user', content: requestFor(task) }];
      const result = streamText({
        model: modelFor(input),
        system: systemPrompt(input.character, task, input.maxChars),
        messages,
        // The caller is waiting; one quick retry, then an honest error.
        maxRetries: 1,
        abortSignal: input.signal,
        // Errors arrive as 'error' parts below; without this the SDK also prints them to the console.
        onError: () => {},
      });
      const stopped = () =>
        new ChatEngineError(`The ${name} engine was stopped: ${reasonOf(input.signal?.reason)}`, {
          cause: input.signal?.reason,
        });
      try {
        // fullStream, not textStream: textStream swallows errors, and a failed reply must not look empty.
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') yield part.text;
          // Nobody waits for the text any more: stop, and never pass a cut-off text as a whole one.
          else if (part.type === 'abort' || (part.type === 'error' && input.signal?.aborted)) throw stopped();
          else if (part.type === 'error')
            throw new ChatEngineError(`The ${name} engine failed: ${reasonOf(part.error)}`);
        }
      } catch (error) {
        if (error instanceof ChatEngineError) throw error;
        // An abort can also surface as the stream itself failing (the request was cut mid-answer).
        if (input.signal?.aborted) throw stopped();
        throw new ChatEngineError(`The ${name} engine failed: ${reasonOf(error)}`, { cause: error });
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

/** Any OpenAI-compatible chat-completions endpoint (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL). */
export function llmEngine(options: { baseUrl: string; apiKey?: string | undefined; model: string }): ChatEngine {
  const provider = createOpenAICompatible({ name: 'llm', baseURL: options.baseUrl, apiKey: options.apiKey });
  const model = provider.chatModel(options.model);
  return aiSdkEngine('llm', () => model);
}
