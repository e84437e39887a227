import { navigationStrings } from '../../lib/strings.ts';

export type NavIconName = 'twin' | 'agents' | 'leaderboard' | 'actions';

export interface NavTab {
  to: string;
  label: string;
  icon: NavIconName;
  /** The routes on which this tab reads as the current one (react-router path patterns). */
  activeOn: readonly string[];
}

/** The screens of SPEC.md §2 a person moves between: the twin (home), Agents, Leaderboard, Actions. */
export const navTabs: readonly NavTab[] = [
  { to: '/', label: navigationStrings.twin, icon: 'twin', activeOn: ['/'] },
  // A twin's page is reached from the directory, and leads back to it.
  { to: '/agents', label: navigationStrings.agents, icon: 'agents', activeOn: ['/agents', '/agent/:agentId'] },
  { to: '/leaderboard', label: navigationStrings.leaderboard, icon: 'leaderboard', activeOn: ['/leaderboard'] },
  { to: '/info', label: navigationStrings.actions, icon: 'actions', activeOn: ['/info'] },
];
