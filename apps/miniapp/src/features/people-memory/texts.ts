import type { PeopleMemoryChannel } from '@fartwin/protocol';

/** The "People it remembers" screen's strings. */
export const peopleMemoryTexts = {
  title: 'People it remembers',
  intro:
    'Your twin keeps a short memory of what each person talked about with it, and uses it only when it answers that person.',
  loading: 'Loading what your twin remembers…',
  loadFailed: (message: string) => `Could not load what your twin remembers: ${message}`,
  noTwin: 'Only a twin’s owner sees what it remembers. Create your twin first.',
  signIn: 'Sign in to see what your twin remembers.',
  empty: 'Your twin does not remember anyone yet.',
  forget: (who: string) => `Forget ${who}`,
  forgetAll: 'Forget everyone',
  forgetting: 'Forgetting…',
  forgetFailed: (message: string) => `Not forgotten: ${message}`,
  fid: (fid: number) => `fid ${fid}`,
  topics: 'Talked about',
  channel: {
    chat: 'in the app',
    thread: 'in a thread',
    dm: 'in a direct message',
  } satisfies Record<PeopleMemoryChannel, string>,
} as const;
