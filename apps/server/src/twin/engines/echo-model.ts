import type { LanguageModel } from 'ai';
import type { Character } from '../character.ts';
import { chunkReply, writeEchoReply } from '../echo-reply.ts';

/** The AI SDK's model interface (v3), the one streamText drives. */
type LanguageModelV3 = Extract<LanguageModel, { specificationVersion: 'v3' }>;
type CallOptions = Parameters<LanguageModelV3['doStream']>[0];

const NO_USAGE = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/** The text of the last user message in an AI SDK prompt. */
function lastUserText(prompt: CallOptions['prompt']): string {
  for (let index = prompt.length - 1; index >= 0; index--) {
    const message = prompt[index]!;
    if (message.role !== 'user') continue;
    return message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
  }
  return '';
}

/**
 * The offline echo engine as an AI SDK language model, so offline and LLM replies go through the
 * same streamText code path. It "generates" with writeEchoReply from the twin's own casts.
 */
export function echoLanguageModel(character: Character): LanguageModelV3 {
  const replyTo = (options: CallOptions) => writeEchoReply(character, lastUserText(options.prompt));
  return {
    specificationVersion: 'v3',
    provider: 'fartwin',
    modelId: 'echo',
    supportedUrls: {},
    async doGenerate(options) {
      return {
        content: [{ type: 'text', text: replyTo(options) }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: NO_USAGE,
        warnings: [],
      };
    },
    async doStream(options) {
      const chunks = chunkReply(replyTo(options));
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
