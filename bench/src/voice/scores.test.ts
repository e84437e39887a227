import { describe, expect, it } from 'vitest';
import { rougeL, sharingMostWords, styleDistance, topicWords } from './scores.ts';

describe('voice scores', () => {
  it('sharing the most words: the candidates with the most topic words in common, all on a tie, none without one', () => {
    const casts = ['repotting the basil today', 'basil and tomatoes on the balcony', 'tomatoes are late this year'];
    expect(sharingMostWords(casts, 'how are the basil and tomatoes doing?')).toEqual([casts[1]]);
    expect(sharingMostWords(casts, 'any tomatoes yet?')).toEqual([casts[1], casts[2]]);
    expect(sharingMostWords(casts, 'gm')).toEqual([]);
  });

  it('ROUGE-L F1: 1 for the same words in any case, 0 for no shared word or an empty reply', () => {
    expect(rougeL('Pour over on weekdays', 'pour over on weekdays')).toBe(1);
    expect(rougeL('rain again of course', 'pour over on weekdays')).toBe(0);
    expect(rougeL('🚀', 'gm')).toBe(0);
    const partial = rougeL('eat early and go slow', 'eat early then ride slow');
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(1);
  });

  it('style distance: 0 for the same text, each of its five measures in 0..1, casing and emoji apart', () => {
    const same = styleDistance('GM GM!!! LFG today ☀️🚀', 'GM GM!!! LFG today ☀️🚀');
    expect(same.total).toBe(0);
    const far = styleDistance(
      'GM GM!!! LFG today ☀️🚀',
      'Have a rollback plan, structured logs and one dashboard you trust.',
    );
    for (const value of Object.values(far)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
    expect(far.casing).toBeGreaterThan(0.3);
    expect(far.emoji).toBe(1);
    expect(far.punctuation).toBe(1);
    expect(far.topic).toBe(1);
    expect(far.total).toBeGreaterThan(0.6);
  });

  it('style distance sees lowercase against sentence case, and a closer length as closer', () => {
    const lower = styleDistance('wet and windy lol', 'Wet and windy lol');
    expect(lower.casing).toBeGreaterThan(0);
    expect(lower.topic).toBe(0);
    const nearLength = styleDistance('spare tube and co2', 'spare tube and a co2 lol').length;
    const farLength = styleDistance(
      'spare tube and co2',
      'spare tube and a co2 and then a very long ride home in the rain',
    ).length;
    expect(nearLength).toBeLessThan(farLength);
  });

  it('topic words leave out stopwords and plural endings', () => {
    expect([...topicWords('The beans and the bean grinders are in my jar')].sort()).toEqual(['bean', 'grinder', 'jar']);
  });
});
