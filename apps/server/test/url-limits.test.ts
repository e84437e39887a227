import { LIMITS } from '@fartwin/protocol';
import { describe, expect, it } from 'vitest';
import { twinPageUrl, UrlTooLongError } from '../src/manifest/app-urls.ts';
import { buildManifest, manifestProblems } from '../src/manifest/manifest.ts';
import { pageHeadTags } from '../src/manifest/page-head.ts';
import { notificationRequestSchema } from '../src/notify/sender.ts';
import { loadConfig } from '../src/platform/config/config.ts';

/** An origin of `length` characters. */
const originOf = (length: number) => {
  const prefix = 'https://fartwin.example.com/';
  return `${prefix}${'p'.repeat(length - prefix.length)}`;
};
const AGENT_ID = '3f2b8c1e-9a4d-4e7f-8b6a-1c2d3e4f5a6b';

/** Every URL the app gives a Farcaster client is at most 512 characters, not only the manifest's. */
describe('the 512-character URL rule beyond the manifest', () => {
  it('holds notification target URLs to it, in production and locally', () => {
    const request = { notificationId: 'n', title: 't', body: 'b', tokens: ['token'] };
    for (const production of [true, false]) {
      const schema = notificationRequestSchema(production);
      expect(schema.safeParse({ ...request, targetUrl: originOf(LIMITS.urlChars) }).success).toBe(true);
      const tooLong = schema.safeParse({ ...request, targetUrl: originOf(LIMITS.urlChars + 1) });
      expect(tooLong.success, `production: ${production}`).toBe(false);
    }
  });

  it('refuses at start-up a PUBLIC_URL under which a twin’s page or card would be too long', async () => {
    // The manifest's own URLs fit; a twin's (its page in casts and embeds, its card image) do not.
    const origin = originOf(LIMITS.urlChars - 30);
    const manifest = await buildManifest(loadConfig({ PUBLIC_URL: origin, ALLOW_EXPOSED_LOCAL_MODE: 'true' }));
    expect(manifestProblems(manifest)).toEqual([
      'twin page (525 characters): Must be at most 512 characters',
      'twin card image (537 characters): Must be at most 512 characters',
    ]);
    const fits = await buildManifest(
      loadConfig({ PUBLIC_URL: originOf(LIMITS.urlChars - 60), ALLOW_EXPOSED_LOCAL_MODE: 'true' }),
    );
    expect(manifestProblems(fits)).toEqual([]);
  });

  it('never builds a twin’s page link too long for a cast’s embed', () => {
    expect(twinPageUrl('https://fartwin.example.com', AGENT_ID)).toBe(`https://fartwin.example.com/agent/${AGENT_ID}`);
    expect(() => twinPageUrl(originOf(LIMITS.urlChars - 20), AGENT_ID)).toThrow(UrlTooLongError);
  });

  it('gives a page whose path is too long for a valid card the app’s card instead', () => {
    const heads = pageHeadTags('https://fartwin.example.com');
    expect(heads.agent(AGENT_ID)).toContain(`/agent/${AGENT_ID}`);
    expect(heads.agent('a'.repeat(LIMITS.urlChars))).toBe(heads.app);
  });
});
