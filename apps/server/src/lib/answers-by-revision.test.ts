import { describe, expect, it } from 'vitest';
import { AnswersByRevision } from './answers-by-revision';

describe('AnswersByRevision', () => {
  it('answers only the revision it stored', () => {
    const cache = new AnswersByRevision();
    cache.set(7, 3, '{"a":1}');
    expect(cache.get(7, 3)).toBe('{"a":1}');
    expect(cache.get(7, 4)).toBeUndefined();
    expect(cache.get(8, 3)).toBeUndefined();
    cache.set(7, 4, '{"a":2}');
    expect(cache.get(7, 3)).toBeUndefined();
    expect(cache.get(7, 4)).toBe('{"a":2}');
  });

  it('keeps at most its capacity, dropping the patient stored longest ago', () => {
    const cache = new AnswersByRevision(2);
    cache.set(1, 0, 'one');
    cache.set(2, 0, 'two');
    cache.set(1, 1, 'one again');
    cache.set(3, 0, 'three');
    expect(cache.size).toBe(2);
    expect(cache.get(2, 0)).toBeUndefined();
    expect(cache.get(1, 1)).toBe('one again');
    expect(cache.get(3, 0)).toBe('three');
  });

  it('answers an answer stored with an end only before that instant', () => {
    const cache = new AnswersByRevision<string>();
    cache.set('7 20', 3, 'held back', 1_000);
    expect(cache.get('7 20', 3, 999)).toBe('held back');
    expect(cache.get('7 20', 3, 1_000)).toBeUndefined();
    expect(cache.get('7 50', 3, 999)).toBeUndefined();
    cache.set('7 20', 3, 'no end');
    expect(cache.get('7 20', 3, Number.MAX_SAFE_INTEGER)).toBe('no end');
  });

  it('keeps at most its characters of text, dropping the answers stored longest ago to make room', () => {
    const cache = new AnswersByRevision(10, 10);
    cache.set(1, 0, 'aaaa');
    cache.set(2, 0, 'bbbb');
    expect(cache.weight).toBe(8);
    cache.set(3, 0, 'cccc');
    expect(cache.get(1, 0)).toBeUndefined();
    expect([cache.get(2, 0), cache.get(3, 0), cache.weight]).toEqual(['bbbb', 'cccc', 8]);
    // Stored again, an answer weighs only its new text.
    cache.set(2, 1, 'bb');
    expect([cache.size, cache.weight]).toEqual([2, 6]);
    // An answer heavier than the whole budget is not kept, and what was kept for its key is gone.
    cache.set(3, 1, 'x'.repeat(11));
    expect([cache.get(3, 0), cache.get(3, 1), cache.get(2, 1), cache.weight]).toEqual([
      undefined,
      undefined,
      'bb',
      2,
    ]);
  });

  it('weighs an answer that is not text by what it is told, or not at all', () => {
    const counted = new AnswersByRevision<number, string[]>(2, 1);
    counted.set(1, 0, ['a', 'b']);
    counted.set(2, 0, ['c']);
    expect([counted.size, counted.weight]).toEqual([2, 0]);
    const weighed = new AnswersByRevision<number, string[]>(10, 3, (parts) => parts.join('').length);
    weighed.set(1, 0, ['a', 'b']);
    weighed.set(2, 0, ['c', 'd']);
    expect([weighed.get(1, 0), weighed.get(2, 0), weighed.weight]).toEqual([undefined, ['c', 'd'], 2]);
  });
});
