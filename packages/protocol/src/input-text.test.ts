import { describe, expect, it } from 'vitest';
import { escapeUnstorable, firstUnstorableText, isAgentId, isStorableText, textProblem } from './input-text.ts';

describe('agent ids', () => {
  it('takes only the canonical lowercase UUID the deploy service issues', () => {
    expect(isAgentId(crypto.randomUUID())).toBe(true);
    expect(isAgentId('3f1c2a9e-7b4d-4e0a-9c6b-2d8e5f1a7b3c')).toBe(true);
    for (const id of [
      '3F1C2A9E-7B4D-4E0A-9C6B-2D8E5F1A7B3C',
      'lowcaps-dev-twin',
      'x\u0000',
      '',
      ` ${crypto.randomUUID()}`,
    ]) {
      expect(isAgentId(id)).toBe(false);
    }
    expect(isAgentId(42)).toBe(false);
  });
});

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, and takes any other text, emoji included', () => {
    expect(textProblem('x\u0000')).toBe('contains a NUL character (U+0000)');
    expect(textProblem('a\uD83D')).toBe('contains an unpaired UTF-16 surrogate');
    expect(textProblem('\uDE00b')).toBe('contains an unpaired UTF-16 surrogate');
    expect(textProblem('\uDE00\uD83D')).toBe('contains an unpaired UTF-16 surrogate');
    for (const text of ['', 'gm 😀 ünïcödé', '\u0001\t\n', '\uD83D\uDE00']) expect(isStorableText(text)).toBe(true);
  });

  it('finds the first unstorable string in a parsed body, keys included, with its path', () => {
    expect(firstUnstorableText({ fid: 1, conversation: [{ role: 'user', content: 'hi' }] })).toBeNull();
    expect(firstUnstorableText({ conversation: [{ content: 'ok' }, { content: 'x\u0000' }] })).toEqual({
      path: 'conversation.1.content',
      problem: 'contains a NUL character (U+0000)',
    });
    expect(firstUnstorableText({ 'k\u0000': 1 })).toEqual({
      path: 'k\\u0000',
      problem: 'key contains a NUL character (U+0000)',
    });
    expect(escapeUnstorable('a\u0000b\uD800c\uD83D\uDE00')).toBe('a\\u0000b\\ud800c\uD83D\uDE00');
    expect(firstUnstorableText('\uD800')).toEqual({ path: '', problem: 'contains an unpaired UTF-16 surrogate' });
  });
});
