/** @vitest-environment happy-dom */
import { type RunningAnvil, startAnvil } from '@fartwin/localstack';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPublicClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderWithQueries } from '../test/render.tsx';
import { ChainClockPanel, formatAhead } from './ChainClockPanel.tsx';

const HOUR = 3_600;
const DAY = 24 * HOUR;

describe('the chain clock panel on a real anvil', () => {
  let anvil: RunningAnvil;
  beforeAll(async () => {
    anvil = await startAnvil();
  });
  afterAll(() => anvil.stop());

  const latestBlockTime = async () =>
    Number((await createPublicClient({ transport: http(anvil.rpcUrl) }).getBlock()).timestamp);
  const shownTime = () => Date.parse(screen.getByTestId('chain-time').getAttribute('datetime')!) / 1000;

  it.each([
    ['advance-1h', HOUR],
    ['advance-1d', DAY],
    ['advance-7d', 7 * DAY],
  ])('%s moves the chain time forward by that much, in a new block, and shows it', async (testId, seconds) => {
    renderWithQueries(<ChainClockPanel rpcUrl={anvil.rpcUrl} />);
    await screen.findByTestId('chain-time');
    const before = await latestBlockTime();
    expect(shownTime()).toBe(before);

    await userEvent.click(screen.getByTestId(testId));

    await waitFor(() => expect(shownTime()).toBeGreaterThanOrEqual(before + seconds));
    const after = await latestBlockTime();
    expect(after).toBeGreaterThanOrEqual(before + seconds);
    // One jump, not two: a few seconds of real time at most besides it.
    expect(after).toBeLessThan(before + seconds + 60);
    expect(shownTime()).toBe(after);
    expect(screen.getByTestId('chain-time').textContent).toBe(new Date(after * 1000).toLocaleString());
  });

  it('says how far ahead of the real clock the chain is', async () => {
    const aheadNow = async () => (await latestBlockTime()) - Math.floor(Date.now() / 1000);
    const text = (ahead: number) =>
      `${Math.floor(ahead / DAY)} d ${Math.floor((ahead % DAY) / HOUR)} h ahead of this computer's clock`;
    // The chain stands still while this computer's clock runs on: the panel read it somewhere between
    // these two readings, which fall on either side of an hour now and then.
    const before = await aheadNow();
    renderWithQueries(<ChainClockPanel rpcUrl={anvil.rpcUrl} />);
    await screen.findByTestId('chain-time');
    const after = await aheadNow();
    expect(after).toBeGreaterThan(DAY);
    const shown = screen.getByText(/ahead of this computer's clock$/).textContent;
    expect([text(before), text(after)]).toContain(shown);
  });
});

describe('how far ahead the chain is', () => {
  it.each([
    [-120, null],
    [30, null],
    [5 * 60 + 10, "5 min ahead of this computer's clock"],
    [HOUR - 90, "58 min ahead of this computer's clock"],
    [2 * HOUR + 60 * 7, "2 h 7 min ahead of this computer's clock"],
    [8 * DAY + HOUR + 59, "8 d 1 h ahead of this computer's clock"],
  ])('%i s reads %s', (seconds, text) => {
    expect(formatAhead(seconds)).toBe(text);
  });
});
