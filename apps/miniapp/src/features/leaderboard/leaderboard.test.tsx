import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LeaderboardPage } from './components/LeaderboardPage.tsx';
import { leaderboardSample } from './sample-data.ts';

describe('/leaderboard', () => {
  it('is titled "Leaderboard" and lists five sample entries with rank and score', () => {
    render(<LeaderboardPage />);
    expect(screen.getByRole('heading', { name: 'Leaderboard' })).toBeTruthy();
    expect(leaderboardSample).toHaveLength(5);
    for (const entry of leaderboardSample) {
      expect(screen.getByText(`#${entry.rank}`)).toBeTruthy();
      expect(screen.getByRole('button', { name: String(entry.score) })).toBeTruthy();
    }
  });

  it('a score toggles its details: words per minute, duration in minutes, final score', async () => {
    render(<LeaderboardPage />);
    const user = userEvent.setup();
    const entry = leaderboardSample[1]!;
    const score = screen.getByRole('button', { name: String(entry.score) });
    await user.click(score);
    const details = screen.getByRole('tooltip');
    expect(details.textContent).toContain(`Words per minute${entry.wpm}`);
    expect(details.textContent).toContain(`Duration (minutes)${entry.duration}`);
    expect(details.textContent).toContain(`Final score${entry.score}`);
    await user.click(score);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('closing the leaderboard', () => {
  it('has no close button of its own; given onClose, its close button and Escape call it', async () => {
    const { unmount } = render(<LeaderboardPage />);
    expect(screen.queryByRole('button', { name: 'Close the leaderboard' })).toBeNull();
    unmount();

    const onClose = vi.fn();
    render(<LeaderboardPage onClose={onClose} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Close the leaderboard' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
