import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InfoPage } from './components/InfoPage.tsx';

describe('/info (SPEC §2)', () => {
  it.each([
    ['Reply on farcaster', true, 'Every time it is tagged the agent will reply.'],
    ['Reply to DCs', true, 'Active on the warpcast direct messages.'],
    ['Content Writer', false, 'Publish two pieces of content every day, at random moments.'],
    ['Notifications', false, 'Notifies you twice every day.'],
  ])('%s: default %s, "%s"', async (label, on, text) => {
    render(<InfoPage />);
    expect(screen.getByRole('heading', { name: 'Agent Actions' })).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: new RegExp(label) }) as HTMLInputElement;
    expect(toggle.checked).toBe(on);
    expect(screen.getByText(text)).toBeTruthy();
    await userEvent.setup().click(toggle);
    expect(toggle.checked).toBe(!on);
  });
});
