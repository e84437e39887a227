import { ApiError } from './api-client.ts';
import { errorMessage } from './errors.ts';
import { strings } from './strings.ts';

/**
 * Words for a failed request to the bot service. Here rather than in strings.ts: only screens that
 * load on demand show them, so they stay out of the first load with the API client they need.
 */
export const requestErrorTexts = {
  networkError: 'Could not reach the server. Check your connection and try again.',
} as const;

/** What a failed call reads as: the server's own `error` text, or a network message. */
export function requestErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  // fetch rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError) return requestErrorTexts.networkError;
  return errorMessage(error) || strings.unknownError;
}
