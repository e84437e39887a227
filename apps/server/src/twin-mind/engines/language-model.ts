import type { LanguageModel } from 'ai';

/** The AI SDK's model interface (v3): what the OpenAI-compatible provider and the echo model implement. */
export type LanguageModelV3 = Extract<LanguageModel, { specificationVersion: 'v3' }>;
/** What a model call is given: the prompt, the abort signal. */
export type ModelCallOptions = Parameters<LanguageModelV3['doStream']>[0];
