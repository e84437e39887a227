import { OWNER_EXAMPLE_LIMITS } from '@fartwin/protocol';

export const ownerExampleTexts = {
  rewrite: "How I'd say it",
  rewriteLabel: 'Your answer, in your words',
  save: 'Teach my twin',
  saving: 'Saving…',
  cancel: 'Cancel',
  saved: 'Saved. Your twin answers like this to similar messages.',
  tooLong: `At most ${OWNER_EXAMPLE_LIMITS.answerChars} characters.`,
  failed: (message: string) => `Not saved: ${message}`,
  title: 'How you would say it',
  note: 'Replies you rewrote on Activity. Your twin answers similar messages the way you did.',
  empty: "None yet. On Activity, press “How I'd say it” under one of your twin's replies.",
  loadFailed: (message: string) => `Could not load your rewrites: ${message}`,
  when: (message: string) => `To “${message}”`,
  delete: 'Delete',
  deleting: 'Deleting…',
  deleteFailed: (message: string) => `Not deleted: ${message}`,
} as const;
