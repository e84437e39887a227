import { buildCharacter, profileCasts } from '@fartwin/echo';
import { describe, expect, it } from 'vitest';
import { memoryCastsFromTexts } from './cast-memory-store.ts';

const USER = { fid: 7100, username: 'reply-keeper', displayName: 'Keeper', bio: '' };

describe("a deploy's replies in memory", () => {
  it('keeps every reply, with the text it answers, as a memory row of kind reply', () => {
    const casts = [
      { text: 'new loaf out of the oven', parentHash: null, parentText: null, createdAt: new Date() },
      ...Array.from({ length: 7 }, (_, index) => ({
        text: `reply number ${index}`,
        parentHash: `0xparent${index}`,
        parentText: index === 6 ? undefined : `question number ${index}?`,
        createdAt: new Date(),
      })),
    ];
    const character = buildCharacter(USER, casts, profileCasts(casts), []);
    const rows = memoryCastsFromTexts(
      character.casts,
      new Date(),
      new Map(Object.entries(character.replyParents ?? {})),
    );
    expect(rows.find((row) => row.text === 'new loaf out of the oven')).toMatchObject({
      kind: 'post',
      parentText: null,
    });
    // Beyond the five newest replies a model is shown, still replies, each with its parent.
    expect(rows.filter((row) => row.kind === 'reply')).toHaveLength(7);
    expect(rows.find((row) => row.text === 'reply number 5')).toMatchObject({
      kind: 'reply',
      parentText: 'question number 5?',
    });
    // The provider did not give this one's parent: a reply without it.
    expect(rows.find((row) => row.text === 'reply number 6')).toMatchObject({ kind: 'reply', parentText: null });
  });
});
