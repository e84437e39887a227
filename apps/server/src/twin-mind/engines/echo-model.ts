import { type ChatInput, chunkReply, writeEcho } from '@fartwin/echo';
import type { ConversationTurn } from '@fartwin/protocol';
import type { ModelCallOptions as CallOptions, LanguageModelV3 } from './language-model.ts';

const NO_USAGE = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/** The conversation in an AI SDK prompt: its user and assistant text, oldest first (the system prompt left out). */
function conversationIn(prompt: CallOptions['prompt']): ConversationTurn[] {
  return prompt.flatMap((message): ConversationTurn[] => {
    if (message.role !== 'user' && message.role !== 'assistant') return [];
    const content = message.content
      .map((part) => (part.type === 'text' ? part.text : ''))
      .join(' ')
      .trim();
    return [{ role: message.role, content }];
  });
}

/**
 * The offline echo engine as an AI SDK language model, so offline and LLM replies go through the
 * same code path (ai-sdk-engine.ts). It "generates" with writeEcho from the twin's own casts: it reads the
 * whole prompt (its earlier replies included, so it does not repeat them) and the writing task.
 */
export function echoLanguageModel(input: ChatInput): LanguageModelV3 {
  const write = (options: CallOptions) => {
    options.abortSignal?.throwIfAborted();
    return writeEcho({
      character: input.character,
      // A post is written from the character alone; the prompt only holds the request for one.
      conversation: input.task?.kind === 'post' ? [] : conversationIn(options.prompt),
      task: input.task,
      maxChars: input.maxChars,
      remembered: input.remembered,
      examples: input.recall?.examples,
    });
  };
  return {
    specificationVersion: 'v3',
    provider: 'fartwin',
    modelId: 'echo',
    supportedUrls: {},
    async doGenerate(options) {
      return {
        content: [{ type: 'text', text: write(options) }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: NO_USAGE,
        warnings: [],
      };
    },
    async doStream(options) {
      const chunks = chunkReply(write(options));
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: 'echo' });
          for (const delta of chunks) controller.enqueue({ type: 'text-delta', id: 'echo', delta });
          controller.enqueue({ type: 'text-end', id: 'echo' });
          controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: NO_USAGE });
          controller.close();
        },
      });
      return { stream };
    },
  };
}
