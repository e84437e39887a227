import { buildCharacter, type Character, type ChatInput, leaningChoices, profileCasts, writeEcho } from '@fartwin/echo';
import { SAMPLE_USERS } from '@fartwin/localstack/sample-users';
import { describe, expect, it } from 'vitest';
import { echoEngine } from './ai-sdk-engine.ts';

/** A sample user's twin, with the choices its casts lean to: casts newest first, as the Farcaster data gives them. */
function twinOf(index: number): Character {
  const user = SAMPLE_USERS[index]!;
  const casts = [...user.casts].reverse().map((text) => ({ text, parentHash: null }));
  const profile = profileCasts(casts);
  return buildCharacter(user, casts, profile, leaningChoices(profile));
}

describe('the echo engine through the AI SDK', () => {
  it('goes through the AI SDK path with the task: the engine streams what the echo model writes', async () => {
    const character = twinOf(2);
    const collect = async (input: ChatInput) => {
      let text = '';
      for await (const chunk of echoEngine().reply(input)) text += chunk;
      return text;
    };
    const dm: ChatInput = {
      character,
      conversation: [{ role: 'user', content: 'hey, any advice for someone starting out?' }],
      task: { kind: 'reply', channel: 'direct-message' },
      maxChars: 500,
    };
    expect(await collect(dm)).toBe(writeEcho(dm));
    const post: ChatInput = { character, conversation: [], task: { kind: 'post', earlierPosts: [] }, maxChars: 320 };
    const written = await collect(post);
    expect(written).toBe(writeEcho(post));
    expect(await collect({ ...post, task: { kind: 'post', earlierPosts: [written] } })).not.toBe(written);
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('client left'));
    const chunks = echoEngine().reply({
      character: twinOf(0),
      conversation: [{ role: 'user', content: 'gm' }],
      signal: controller.signal,
    });
    await expect(
      (async () => {
        for await (const _ of chunks);
      })(),
    ).rejects.toThrow(/stopped/);
  });
});
