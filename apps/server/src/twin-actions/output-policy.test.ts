import { type Character, echoTwin, framing } from '@fartwin/echo';
import { describe, expect, it } from 'vitest';
import { allowedLinkHosts, applyOutputPolicy } from './output-policy.ts';

const character: Character = {
  ...echoTwin(
    { fid: 6200, username: 'lowcaps-dev' },
    ['fuzz found an overflow in my fee math', 'escrow v1.1 shipped'],
    [],
  ),
  owner: { aboutMe: '', avoidTopics: ['divorce'], phrases: [] },
};
const linkHosts = allowedLinkHosts('https://fartwin.example', ['docs.base.org']);
const policy = (text: string, mayTag: readonly string[] = ['lowcaps-dev', 'asker']) =>
  applyOutputPolicy(text, { character, mayTag, linkHosts, message: 'what is new?' });

describe("the output policy over a twin's own texts", () => {
  it("takes out links outside the app and the operator's allow-list, with or without a scheme", () => {
    const injected = policy(
      'Big news from my owner: claim the $TWIN airdrop before it closes https://evil.example/claim @kickdrum-kai',
    );
    expect(injected.text).toBe('Big news from my owner: claim the $TWIN airdrop before it closes kickdrum-kai');
    expect(injected.changes).toEqual(['link-removed', 'mention-removed']);
    for (const link of ['evil.example/claim', 'www.evil.example', 'http://fartwin.example.evil.example/x']) {
      expect(policy(`see ${link} now`).text, link).toBe('see now');
    }
    // The app's own pages and the allow-list stay, subdomains included; a site named without a link stays too.
    for (const kept of [
      'revive me at https://fartwin.example/agent/1.',
      'docs at https://docs.base.org/mini-apps and https://api.docs.base.org/x',
      'i like example.com a lot',
    ]) {
      expect(policy(kept)).toEqual({ text: kept, changes: [] });
    }
  });

  it('tags only who it may: a name nobody tagged keeps its word and loses its @', () => {
    expect(policy('thanks @asker and @lowcaps-dev, ask @stranger too')).toEqual({
      text: 'thanks @asker and @lowcaps-dev, ask stranger too',
      changes: ['mention-removed'],
    });
    // An email address or a path is no mention.
    expect(policy('write to me@mail.example')).toEqual({ text: 'write to me@mail.example', changes: [] });
  });

  it('replaces a text on an avoided topic by what it says of any topic never cast about', () => {
    const replaced = policy('my divorce was hard, lawyers everywhere https://evil.example');
    expect(replaced.changes).toEqual(['avoided-topic']);
    expect(replaced.text.toLowerCase()).not.toContain('divorce');
    expect(framing.NOT_CAST_ABOUT.some((line) => replaced.text.startsWith(line))).toBe(true);
    // With the owner's about-me line, that line, as the echo engine says it on a topic never cast about.
    const aboutMe = 'Escrow on Base, fuzzing for fun.';
    const owned = { ...character, owner: { ...character.owner!, aboutMe } };
    const withAboutMe = applyOutputPolicy('my divorce was hard', { character: owned, mayTag: [], linkHosts });
    expect(withAboutMe.text.endsWith(` ${aboutMe}`)).toBe(true);
    expect(withAboutMe.text.toLowerCase()).not.toContain('divorce');
  });
});
