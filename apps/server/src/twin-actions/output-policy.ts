import type { PolicyChange } from '@fartwin/protocol';
import type { Character } from '../twin-mind/index.ts';
import { aboutMeOf, avoidedTopicIn, framing, seededPicker, speakableCharacter } from '../twin-mind/index.ts';
import { withoutStrangerMentions } from './mention-filter.ts';

/**
 * The one policy every text a twin writes on its own passes before it is cast, sent or held as a
 * draft, whichever engine wrote it (a model can be talked into anything by the casts it reads):
 * - links only to the app's own host and the hosts the operator allows;
 * - @mentions only of the accounts it may tag (the person answered, the accounts the provider reports
 *   as mentioned in the cast answered, the owner), never of text shaped like a mention;
 * - nothing on a topic the owner asked it to avoid: such a text is replaced by what the twin says of
 *   any topic the owner never cast about, so nothing tells a stranger what was hidden.
 * The channel's length limit is kept by the writer after it (twin-writes.ts fitToBytes).
 */

/** What the policy changed in a text (recorded with the writing, shown to the owner on Activity). */
export type { PolicyChange };

export interface PolicyInput {
  character: Character;
  /** Usernames the text may @mention. */
  mayTag: readonly string[];
  /** Hosts a link may point at (lower case, no port): the app's own and the operator's allow-list. */
  linkHosts: readonly string[];
  /** What the twin answers, for the replacement's wording (seeded by it). */
  message?: string;
  /** The channel's length limit in bytes: the owner's about-me goes into a replacement only where it fits. */
  maxBytes?: number;
}

export interface PolicyResult {
  text: string;
  changes: PolicyChange[];
}

/**
 * A link: with a scheme, or `www.`, or a bare host with a path (`evil.example/claim`). Bare hosts
 * without a path ("example.com") are left alone: a sentence may name a site without linking it, and
 * Farcaster clients link only what has a scheme or a path.
 */
const LINK =
  /\b(?:https?:\/\/[^\s<>"']+|www\.[^\s<>"']+|(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,24}\/[^\s<>"']*)/gi;

/** The host a link points at, lower case and without a port; null when it has none. */
function hostOf(link: string): string | null {
  try {
    return new URL(/^https?:\/\//i.test(link) ? link : `https://${link}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** The hosts of the app's public address and of the operator's allow-list. */
export function allowedLinkHosts(publicUrl: string, allowList: readonly string[]): string[] {
  return [hostOf(publicUrl), ...allowList.map((host) => host.trim().toLowerCase())].filter((host): host is string =>
    Boolean(host),
  );
}

function linkAllowed(link: string, hosts: readonly string[]): boolean {
  const host = hostOf(link.replace(/[.,;:!?)]+$/, ''));
  return host !== null && hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** Collapses the spaces a removal leaves, and a space left before punctuation. */
function tidy(text: string): string {
  return text
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([.,;:!?])/g, '$1')
    .replace(/\(\s*\)/g, '')
    .trim();
}

/**
 * What the twin says of any topic the owner never cast about, in place of a text on an avoided one:
 * that it has not cast about it, then the owner's about-me line (where it fits and is on no avoided
 * topic) or the topics it casts about, as the echo engine says it.
 */
function neverCastAbout(text: string, input: PolicyInput): string {
  const speakable = speakableCharacter(input.character);
  const picker = seededPicker(`${input.character.fid}:${input.message ?? text}:policy`);
  const notCastAbout = picker.pick(framing.NOT_CAST_ABOUT);
  const about = aboutMeOf(speakable, input.maxBytes) ?? picker.pick(framing.whatICastAbout(speakable.topics));
  return `${notCastAbout} ${about}`;
}

/** The text once the policy has passed over it, and what it changed. */
export function applyOutputPolicy(text: string, input: PolicyInput): PolicyResult {
  const changes: PolicyChange[] = [];
  const avoided = avoidedTopicIn(input.character, text) !== null;
  if (avoided) changes.push('avoided-topic');
  // The replacement carries the owner's about-me, their own words: links and mentions are checked in it too.
  const written = avoided ? neverCastAbout(text, input) : text;
  const withoutLinks = written.replace(LINK, (link) => (linkAllowed(link, input.linkHosts) ? link : ''));
  if (withoutLinks !== written) changes.push('link-removed');
  const withoutMentions = withoutStrangerMentions(withoutLinks, input.mayTag);
  if (withoutMentions !== withoutLinks) changes.push('mention-removed');
  return { text: changes.length > 0 ? tidy(withoutMentions) : text, changes };
}
