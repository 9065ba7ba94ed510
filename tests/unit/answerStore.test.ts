// The kept answers' store and the state memo (issue 29): given only for their own data state and before their
// moment, bounded by count and by bytes, least recently used dropped first; kept rows frozen all the way down.
import { describe, expect, it } from 'vitest';
import { AnswerStore } from '../../server/infra/answerStore';
import { deepFreeze, StateMemo } from '../../server/infra/stateMemo';

const answer = (state: string, payload: string | Buffer, until = 1_000) => ({
  state,
  until,
  payload,
  headers: { 'content-type': 'application/json' },
});

describe('AnswerStore', () => {
  it('gives an answer only in its own data state and before its moment, and drops it otherwise', () => {
    const store = new AnswerStore();
    store.set('a', answer('7', '{"n":1}', 1_000));
    expect(store.get('a', '7', 999)?.payload).toBe('{"n":1}');
    expect(store.get('a', '8', 999)).toBeNull();
    expect(store.size).toBe(0);
    store.set('a', answer('7', '{"n":1}', 1_000));
    expect(store.get('a', '7', 1_000)).toBeNull();
    expect({ hits: store.hits, misses: store.misses, size: store.size, bytes: store.bytes }).toEqual({
      hits: 1,
      misses: 2,
      size: 0,
      bytes: 0,
    });
  });

  it('holds at most its count and its bytes, dropping the least recently used, and keeps no answer too large', () => {
    const store = new AnswerStore({ entries: 2, bytes: 10, entryBytes: 6 });
    store.set('a', answer('1', 'aaaa'));
    store.set('b', answer('1', 'bbbb'));
    store.get('a', '1', 0);
    store.set('c', answer('1', 'cc'));
    expect([store.get('a', '1', 0)?.payload, store.get('b', '1', 0), store.get('c', '1', 0)?.payload]).toEqual([
      'aaaa',
      null,
      'cc',
    ]);
    store.set('d', answer('1', Buffer.from('dddddd')));
    expect([store.size, store.bytes]).toEqual([2, 8]);
    expect(store.get('a', '1', 0)).toBeNull();
    store.set('e', answer('1', 'eeeeeee'));
    expect(store.get('e', '1', 0)).toBeNull();
    store.set('d', answer('1', 'd'));
    expect(store.bytes).toBe(3);
  });
});

describe('StateMemo', () => {
  it('gives a value only in the state it was kept for, and forgets a failed one', () => {
    const memo = new StateMemo<string>(2);
    memo.set('k', 's1', 'v1');
    expect(memo.get('k', 's1')).toBe('v1');
    expect(memo.get('k', 's2')).toBeUndefined();
    expect(memo.get('k', 's1')).toBeUndefined();
    memo.set('k', 's2', 'v2');
    memo.forget('k', 'other');
    expect(memo.get('k', 's2')).toBe('v2');
    memo.forget('k', 'v2');
    expect(memo.size).toBe(0);
  });

  it('holds at most its limit, the least recently used going first', () => {
    const memo = new StateMemo<number>(2);
    memo.set('a', 's', 1);
    memo.set('b', 's', 2);
    memo.get('a', 's');
    memo.set('c', 's', 3);
    expect([memo.get('a', 's'), memo.get('b', 's'), memo.get('c', 's')]).toEqual([1, undefined, 3]);
  });

  it('freezes kept rows all the way down, so no later request can change what another kept', () => {
    const rows = deepFreeze([{ id: 1, towers: [{ id: 2 }] }]);
    expect(() => {
      (rows as { id: number }[]).push({ id: 3 });
    }).toThrow(TypeError);
    expect(() => {
      (rows[0]!.towers[0] as { id: number }).id = 9;
    }).toThrow(TypeError);
  });
});
