import { useLeaveScreen } from '../../navigation/index.ts';
import { LeaderboardPage } from './LeaderboardPage.tsx';

/** The /leaderboard route: the leaderboard dialog, closed back to where the person came from. */
export function LeaderboardScreen() {
  return <LeaderboardPage onClose={useLeaveScreen()} />;
}
