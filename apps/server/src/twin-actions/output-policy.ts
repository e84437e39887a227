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

/** The text once the policy has passed over it, and what it changed. */
export function applyOutputPolicy(text: string, input: PolicyInput): PolicyResult {
  const changes: PolicyChange[] = [];
  const avoided = avoidedTopicIn(input.character, text);
  if (avoided !== null) {
    const topics = speakableCharacter(input.character).topics;
    const picker = seededPicker(`${input.character.fid}:${input.message ?? text}:policy`);
    return {
      text: `${picker.pick(framing.NOT_CAST_ABOUT)} ${aboutMeOf(input.character) ?? picker.pick(framing.whatICastAbout(topics))}`,
      changes: ['avoided-topic'],
    };
  }
  const withoutLinks = text.replace(LINK, (link) => (linkAllowed(link, input.linkHosts) ? link : ''));
  if (withoutLinks !== text) changes.push('link-removed');
  const withoutMentions = withoutStrangerMentions(withoutLinks, input.mayTag);
  if (withoutMentions !== withoutLinks) changes.push('mention-removed');
  return { text: changes.length > 0 ? tidy(withoutMentions) : text, changes };
}
