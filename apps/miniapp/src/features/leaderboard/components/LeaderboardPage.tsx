import { useLayoutEffect, useState } from 'react';
import { navigationStrings, strings } from '../../../lib/strings.ts';
import { leaderboardSample } from '../sample-data.ts';

/** Escape closes the dialog, as it would a modal: listening from the commit that shows it (a passive effect may run a frame later). */
function useCloseOnEscape(onClose: (() => void) | undefined) {
  useLayoutEffect(() => {
    if (!onClose) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
}

/**
 * /leaderboard: rank and score; a score toggles its details (wpm, minutes, final score). With
 * `onClose`, the dialog has a close button (and Escape) that leaves the screen.
 */
export function LeaderboardPage({ onClose }: { onClose?: () => void }) {
  const [openRank, setOpenRank] = useState<number | null>(null);
  useCloseOnEscape(onClose);
  return (
    <div className="page page--modal">
      <div className="modal modal--page" role="dialog" aria-labelledby="leaderboard-title">
        <div className="modal__head">
          <h1 id="leaderboard-title">{strings.leaderboardTitle}</h1>
          {onClose ? (
            <button
              type="button"
              className="icon-button"
              aria-label={navigationStrings.closeLeaderboard}
              title={navigationStrings.closeLeaderboard}
              onClick={onClose}
            >
              ×
            </button>
          ) : null}
        </div>
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
    </div>
  );
}

export default LeaderboardPage;
