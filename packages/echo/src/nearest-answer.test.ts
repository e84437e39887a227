import { describe, expect, it } from 'vitest';
import type { Character } from './character.ts';
import { writeEcho } from './echo-reply.ts';
import { echoTwin } from './echo-twin.ts';
import { NEAREST_INTROS } from './nearest-answer.ts';

/** A twin of someone who casts about coffee and their garden, with these replies (oldest first). */
function twinWith(replies: readonly string[]): Character {
  const posts = [
    'Pour over with a light Ethiopian this morning, it tastes like blueberries.',
    'Grind finer if your espresso runs fast, that is the whole secret to good coffee.',
    'The basil is taller than the cat now and the tomatoes are finally turning red.',
    'Cold brew steeping overnight, tomorrow I will be grateful for this coffee.',
    'Mulch your garden beds before the summer heat, the soil will thank you for it.',
    'Oat milk foams better when it is really cold, I learned that the hard way.',
    'Planted garlic in the garden today and I will see it again in July.',
    'A hand grinder is slow but the coffee tastes better for the wait.',
  ];
  // Posts and replies newest first.
  return echoTwin({ fid: 5000, username: 'bean-and-basil' }, [...posts].reverse(), [...replies].reverse());
}

const NOT_CAST_ABOUT = /(?:haven't|have not|never|don't|do not|isn't|not something i)\b[^.!?]*\bcast/i;
const ask = (character: Character, message: string) =>
  writeEcho({ character, conversation: [{ role: 'user', content: message }] });

describe('answers to everyday questions outside the casts', () => {
  it('answers a question it cast about only in part with its nearest sentence, saying it is near', () => {
    const twin = twinWith([]);
    // "store" and "beans" are not in the casts; "coffee" is.
    const reply = ask(twin, 'how do you store your coffee beans?');
    expect(reply).not.toMatch(NOT_CAST_ABOUT);
    expect(reply.toLowerCase()).toContain('coffee');
    expect(NEAREST_INTROS.some((intro) => reply.toLowerCase().startsWith(intro.toLowerCase()))).toBe(true);
  });

  it('still says it has not cast about a question that touches none of its topics', () => {
    const twin = twinWith([]);
    // "summer" is in a cast but is none of its topics; "football", "league" and "winner" are in none.
    const reply = ask(twin, 'who is the summer football league winner?');
    expect(reply).toMatch(NOT_CAST_ABOUT);
  });
});
