/** A leaderboard entry. duration is in minutes. */
export interface LeaderboardEntry {
  username: string;
  wpm: number;
  score: number;
  duration: number;
  rank: number;
}

/** Hard-coded sample data of five entries. */
export const leaderboardSample: readonly LeaderboardEntry[] = [
  { rank: 1, username: 'dwr', wpm: 92, duration: 14, score: 9840 },
  { rank: 2, username: 'vitalik', wpm: 88, duration: 12, score: 9315 },
  { rank: 3, username: 'jessepollak', wpm: 81, duration: 15, score: 8760 },
  { rank: 4, username: 'linda', wpm: 76, duration: 10, score: 8120 },
  { rank: 5, username: 'ajaxbot', wpm: 70, duration: 9, score: 7455 },
];
