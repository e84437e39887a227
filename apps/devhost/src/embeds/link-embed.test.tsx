/** @vitest-environment happy-dom */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeLocalNetwork } from '../test/fake-local-network.ts';
import { renderWithQueries } from '../test/render.tsx';
import type { EmbedCard } from './embed-card.ts';
import { LinkEmbed } from './LinkEmbed.tsx';

const PAGE = 'http://localhost:3001/agent/agent-1';
const CARD: EmbedCard = {
  version: '1',
  imageUrl: 'http://localhost:3001/images/agents/agent-1.png',
  button: { title: 'Open Fartwin', action: { type: 'launch_miniapp', url: PAGE, name: 'Fartwin' } },
};

describe('a link in a cast (a shared twin shows its card)', () => {
  it('shows the page’s mini-app card: its image and button, linking to the page', async () => {
    const network = fakeLocalNetwork({
      'GET /client/embed-card': (_body, _path, query) =>
        query.get('url') === PAGE ? { body: CARD } : { status: 404, body: { error: 'none', code: 'no_embed' } },
    });
    renderWithQueries(<LinkEmbed url={PAGE} />);
    const card = await screen.findByRole('link', { name: /Open Fartwin/ });
    expect(card.getAttribute('href')).toBe(PAGE);
    expect(card.getAttribute('data-embed-miniapp')).toBe(PAGE);
    expect(card.querySelector('img')?.getAttribute('src')).toBe(CARD.imageUrl);
    expect(card.textContent).toContain('localhost:3001/agent/agent-1');
    expect(network.requests.map((request) => request.path)).toContain(
      `/client/embed-card?url=${encodeURIComponent(PAGE)}`,
    );
  });

  it('a page without a card stays a plain link', async () => {
    const network = fakeLocalNetwork();
    renderWithQueries(<LinkEmbed url="http://localhost:3001/somewhere" />);
    await waitFor(() => expect(network.requests).toHaveLength(1));
    const link = screen.getByRole('link', { name: 'localhost:3001/somewhere' });
    expect(link.className).toBe('embed-link');
    expect(link.querySelector('img')).toBeNull();
  });
});
