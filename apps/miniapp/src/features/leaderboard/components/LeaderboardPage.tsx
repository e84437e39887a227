import { useState } from 'react';
import { strings } from '../../../lib/strings.ts';
import { leaderboardSample } from '../sample-data.ts';

/** /leaderboard: rank and score; a score toggles its details (wpm, minutes, final score). */
export function LeaderboardPage() {
  const [openRank, setOpenRank] = useState<number | null>(null);
  return (
    <main className="page page--modal">
      <div className="modal modal--page" role="dialog" aria-labelledby="leaderboard-title">
        <h1 id="leaderboard-title">{strings.leaderboardTitle}</h1>
        <ol className="leaderboard">
          <li className="leaderboard__row leaderboard__row--head" aria-hidden="true">
            <span>{strings.rank}</span>
            <span />
            <span>{strings.score}</span>
          </li>
          {leaderboardSample.map((entry) => (
            <li key={entry.rank} className="leaderboard__row">
              <span className="leaderboard__rank">#{entry.rank}</span>
              <span className="leaderboard__user">@{entry.username}</span>
              <button
                type="button"
                className="button button--small"
                aria-expanded={openRank === entry.rank}
                onClick={() => setOpenRank((open) => (open === entry.rank ? null : entry.rank))}
              >
                {entry.score}
              </button>
              {openRank === entry.rank ? (
                <div className="leaderboard__popup" role="tooltip">
                  <dl className="leaderboard__details">
                    <dt>{strings.wpm}</dt>
                    <dd>{entry.wpm}</dd>
                    <dt>{strings.durationMinutes}</dt>
                    <dd>{entry.duration}</dd>
                    <dt>{strings.finalScore}</dt>
                    <dd>{entry.score}</dd>
                  </dl>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
    </main>
  );
}

export default LeaderboardPage;
