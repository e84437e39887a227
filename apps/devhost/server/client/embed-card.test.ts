import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { embedCardPath } from '../../src/embeds/embed-card.ts';
import { embedFromHtml } from './embed-card.ts';
import { devhostFor } from './test/devhost-client.ts';
import { listen } from './test/fake-bot-service.ts';

/** A page head as the bot service writes it: the embed as JSON in an escaped meta attribute. */
const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const embedOf = (origin: string) => ({
  version: '1',
  imageUrl: `${origin}/images/agents/agent-1.png`,
  button: {
    title: 'Open Fartwin & chat',
    action: { type: 'launch_miniapp', name: 'Fartwin', url: `${origin}/agent/agent-1` },
  },
});
const pageWith = (embed: unknown) =>
  `<!doctype html><html><head><meta charset="utf-8" />
    <meta name="fc:miniapp" content="${escapeHtml(JSON.stringify(embed))}" />
    <meta property="og:title" content="Fartwin" /></head><body></body></html>`;

describe('embed cards: what the feed shows for a link', () => {
  let miniapp: Awaited<ReturnType<typeof listen>>;
  beforeEach(async () => {
    const app = new Hono();
    app.get('/agent/agent-1', (c) => c.html(pageWith(embedOf(miniapp.url))));
    app.get('/plain', (c) => c.html('<html><head><title>no card</title></head></html>'));
    miniapp = await listen(app.fetch);
  });
  afterEach(() => miniapp.close());

  it('reads the fc:miniapp embed of a mini-app page', async () => {
    const { call } = devhostFor(miniapp);
    const answer = await call('GET', embedCardPath(`${miniapp.url}/agent/agent-1`));
    expect(answer).toEqual({ status: 200, body: embedOf(miniapp.url) });
  });

  it('a page without an embed: 404; a page elsewhere is not read', async () => {
    const { call } = devhostFor(miniapp);
    expect(await call('GET', embedCardPath(`${miniapp.url}/plain`))).toMatchObject({
      status: 404,
      body: { code: 'no_embed' },
    });
    expect(await call('GET', embedCardPath('http://example.com/agent/agent-1'))).toMatchObject({
      status: 400,
      body: { code: 'foreign_url' },
    });
    expect(await call('GET', '/client/embed-card')).toMatchObject({ status: 400, body: { code: 'invalid_url' } });
  });

  it('falls back to fc:frame, and ignores an embed that is not one', () => {
    const embed = embedOf('http://localhost:3001');
    expect(embedFromHtml(`<meta property="fc:frame" content="${escapeHtml(JSON.stringify(embed))}">`)).toEqual(embed);
    expect(embedFromHtml('<meta name="fc:miniapp" content="not json">')).toBeNull();
    expect(embedFromHtml(`<meta name="fc:miniapp" content="${escapeHtml('{"version":"1"}')}">`)).toBeNull();
  });
});
