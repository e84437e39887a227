import { lazy } from 'react';

// The main screen's chats load once someone is there to chat: a visitor's first load (web mode's
// sign-in page) and a client's start-up, up to ready(), carry neither.
const twinChat = () => import('../features/twin-chat/index.ts');
const onboarding = () => import('../features/onboarding/index.ts');

export const TwinChat = lazy(async () => ({ default: (await twinChat()).TwinChat }));
export const OnboardingChat = lazy(async () => ({ default: (await onboarding()).OnboardingChat }));

/** Fetches both while the user's agents load, so neither waits for the other. */
export function preloadHomeChats(): void {
  void twinChat();
  void onboarding();
}
