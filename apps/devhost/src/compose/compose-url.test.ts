import { describe, expect, it } from 'vitest';
import { castFromUrl, composeDraftFromUrl } from './compose-url.ts';

describe('compose intent URLs', () => {
  it.each([
    ['https://farcaster.xyz/~/compose?text=hi%20there', { text: 'hi there', embeds: [] }],
    [
      'https://warpcast.com/~/compose?text=gm&embeds[]=https://a.test/&embeds[]=https://b.test/&embeds[]=https://c.test/',
      { text: 'gm', embeds: ['https://a.test/', 'https://b.test/'] },
    ],
    [
      ' https://farcaster.xyz/~/compose/?text=x&channelKey=base&parentCastHash=0xabc ',
      { text: 'x', embeds: [], channelKey: 'base', parent: { type: 'cast', hash: '0xabc' } },
    ],
  ])('%s opens the composer', (url, draft) => {
    expect(composeDraftFromUrl(url)).toEqual(draft);
  });

  it.each(['https://example.com/~/compose?text=x', 'https://farcaster.xyz/alice', 'not a url'])(
    '%s is not a compose URL',
    (url) => {
      expect(composeDraftFromUrl(url)).toBeNull();
    },
  );

  it('reads the cast a cast URL points at', () => {
    expect(castFromUrl(`https://farcaster.xyz/alice/0x${'AB'.repeat(20)}`)).toEqual({
      username: 'alice',
      hash: `0x${'ab'.repeat(20)}`,
    });
    expect(castFromUrl('https://farcaster.xyz/~/compose')).toBeNull();
    expect(castFromUrl('https://example.com/alice/0x12345678')).toBeNull();
  });
});
