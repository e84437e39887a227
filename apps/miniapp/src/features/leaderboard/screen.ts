// The leaderboard (/leaderboard), loaded on demand (app/routes.tsx).
export { LeaderboardScreen } from './components/LeaderboardScreen.tsx';
