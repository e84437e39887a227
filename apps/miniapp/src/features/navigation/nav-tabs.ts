import { navigationStrings } from '../../lib/strings.ts';

export type NavIconName = 'twin' | 'agents' | 'leaderboard' | 'actions' | 'you';

export interface NavTab {
  to: string;
  label: string;
  icon: NavIconName;
  /** The routes on which this tab reads as the current one (wouter path patterns, matched in full). */
  activeOn: readonly string[];
}

/** The screens a person moves between: the twin (home), Agents, Leaderboard, Actions. */
export const navTabs: readonly NavTab[] = [
  { to: '/', label: navigationStrings.twin, icon: 'twin', activeOn: ['/'] },
  // A twin's page is reached from the directory, and leads back to it.
  { to: '/agents', label: navigationStrings.agents, icon: 'agents', activeOn: ['/agents', '/agent/:agentId'] },
  { to: '/leaderboard', label: navigationStrings.leaderboard, icon: 'leaderboard', activeOn: ['/leaderboard'] },
  { to: '/info', label: navigationStrings.actions, icon: 'actions', activeOn: ['/info'] },
];

/** "Your twin" (/you): shown after the twin's tab to a signed-in person who owns a twin. */
export const ownerTab: NavTab = {
  to: '/you',
  label: navigationStrings.yourTwin,
  icon: 'you',
  activeOn: ['/you', '/you/*'],
};

/** The tabs a person sees: the owner of a twin also gets "Your twin". */
export function tabsFor(ownsTwin: boolean): readonly NavTab[] {
  return ownsTwin ? [navTabs[0]!, ownerTab, ...navTabs.slice(1)] : navTabs;
}
