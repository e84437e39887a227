import { VOICE_LIMITS } from '@fartwin/protocol';
import { PRODUCT_NAME } from '../../lib/strings.ts';

/** The "Your twin" screen's strings. */
export const ownerVoiceTexts = {
  title: 'Your twin',
  navLabel: 'Your twin',
  openFromTwinPage: 'Edit its voice',
  otherScreens: 'More about your twin',
  peopleLink: 'What it remembers',
  walletLink: 'Its wallet',
  activityLink: 'Activity',
  loading: 'Loading your twin’s voice…',
  noTwin: `You don't have a ${PRODUCT_NAME} yet.`,
  signIn: 'Sign in to shape your twin’s voice.',
  loadFailed: (message: string) => `Could not load your twin’s voice: ${message}`,
  characteristics: 'Personality',
  aboutMe: 'About me',
  aboutMeHint: `One line your twin says when asked who it is, or what it is about (up to ${VOICE_LIMITS.aboutMeChars} characters).`,
  avoidTopics: 'Topics to avoid',
  avoidTopicsHint: `One per line, up to ${VOICE_LIMITS.avoidTopics}. Your twin never talks about them.`,
  phrases: 'Phrases in your own words',
  phrasesHint: `One per line, up to ${VOICE_LIMITS.phrases}. Your twin works them into its replies.`,
  save: 'Save voice',
  saving: 'Saving…',
  saved: 'Saved. Your twin’s next reply uses it.',
  saveFailed: (message: string) => `Not saved: ${message}`,
  versions: 'Versions',
  version: (version: number, at: string) => `Version ${version} · ${at}`,
  current: 'current',
  revert: 'Revert to this',
  reverted: (version: number) => `Back to version ${version}.`,
  learning: 'Learning',
  castsKnown: (count: number, learnedAt: string | null) =>
    `Knows ${count} of your casts${learnedAt ? `, last refreshed ${learnedAt}` : ''}. It re-reads them every day.`,
  refresh: 'Refresh from my casts',
  refreshing: 'Reading your recent casts…',
  learned: (count: number) => `${count} new ${count === 1 ? 'cast' : 'casts'} learned`,
  refreshFailed: (message: string) => `Could not refresh: ${message}`,
} as const;

/** A stored time as the screen shows it. */
export function shownTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A textarea's lines as a list: trimmed, blank lines left out. */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
