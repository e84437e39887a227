import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type LanguageModel, streamText } from 'ai';
import type { Character } from '../character.ts';
import { type ChatEngine, ChatEngineError, type ChatInput } from './chat-engine.ts';
import { echoLanguageModel } from './echo-model.ts';
import { systemPrompt } from './system-prompt.ts';

/** A chat engine over any AI SDK model: the LLM in production, the echo model offline. */
function aiSdkEngine(name: ChatEngine['name'], modelFor: (character: Character) => LanguageModel): ChatEngine {
  return {
    name,
    async *reply({ character, conversation }: ChatInput) {
      const result = streamText({
        model: modelFor(character),
        system: systemPrompt(character),
        messages: conversation.map((turn) => ({ role: turn.role, content: turn.content })),
        // The client is waiting; one quick retry, then an honest error.
        maxRetries: 1,
        // Errors arrive as 'error' parts below; without this the SDK also prints them to the console.
        onError: () => {},
      });
      // fullStream, not textStream: textStream swallows errors, and a failed reply must not look empty.
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') yield part.text;
        else if (part.type === 'error') {
          const reason = part.error instanceof Error ? part.error.message : String(part.error);
          throw new ChatEngineError(`The ${name} engine failed: ${reason}`);
        }
      }
    },
  };
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
