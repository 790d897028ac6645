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
});
