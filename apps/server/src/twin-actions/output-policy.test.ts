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
    const withAboutMe = (aboutMe: string, maxBytes = 320) =>
      applyOutputPolicy('my divorce was hard', {
        character: { ...character, owner: { ...character.owner!, aboutMe } },
        mayTag: ['lowcaps-dev'],
        linkHosts,
        maxBytes,
      });
    const aboutMe = 'Escrow on Base, fuzzing for fun.';
    expect(withAboutMe(aboutMe).text.endsWith(` ${aboutMe}`)).toBe(true);
    // Not where it would not fit, nor when it is on an avoided topic itself: then the topics.
    for (const replaced of [withAboutMe(aboutMe, 40), withAboutMe('Divorced dad, escrow on Base.')]) {
      expect(replaced.text).not.toMatch(/escrow on base|divorce/i);
      expect(replaced.text).toMatch(/cast about|casts are mostly|what i cast/i);
    }
    // The owner's words pass the same checks as any text: no outside link, no stranger tagged.
    const linked = withAboutMe('Escrow with @stranger, claim at evil.example/claim');
    expect(linked.text).not.toMatch(/evil\.example|@stranger/);
    expect(linked.changes).toEqual(['avoided-topic', 'link-removed', 'mention-removed']);
  });
});
