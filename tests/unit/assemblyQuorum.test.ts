// The quorum rules and the lifecycle table of assemblies (src/api/assemblyQuorum.ts, assembliesLifecycle.ts): the
// CDMX defaults (75 % at the first call, more than half at the second, any attendance at the third) decided in
// exact integers at their edges; the calls' default times; the table's refusals (no later call, no quorum).
import { describe, expect, it } from 'vitest';
import { assemblyActionsFor, assemblyTransition } from '../../src/api/assembliesLifecycle';
import { addMinutes, defaultCalls, presentPercent, QUORUM_DEFAULTS, quorumMet } from '../../src/api/assemblyQuorum';

const [first, second, third] = QUORUM_DEFAULTS.cdmx as [
  (typeof QUORUM_DEFAULTS.cdmx)[number],
  (typeof QUORUM_DEFAULTS.cdmx)[number],
  (typeof QUORUM_DEFAULTS.cdmx)[number],
];

describe('assembly quorum', () => {
  it('asks for at least 75 % at the first call, exactly at the edge', () => {
    expect(quorumMet(750_000, 1_000_000, first)).toBe(true);
    expect(quorumMet(749_999, 1_000_000, first)).toBe(false);
    // Shares that do not add up to a million (a deactivated dwelling) are read against their own whole.
    expect(quorumMet(3, 4, first)).toBe(true);
    expect(quorumMet(2, 3, first)).toBe(false);
  });

  it('asks for more than half at the second call: half is not enough', () => {
    expect(quorumMet(500_000, 1_000_000, second)).toBe(false);
    expect(quorumMet(500_001, 1_000_000, second)).toBe(true);
  });

  it('takes any attendance at the third call, and nothing without dwellings', () => {
    expect(quorumMet(0, 1_000_000, third)).toBe(false);
    expect(quorumMet(1, 1_000_000, third)).toBe(true);
    expect(quorumMet(0, 0, third)).toBe(false);
  });

  it('writes the present share with two decimals, rounded down', () => {
    expect(presentPercent(333_333, 1_000_000)).toBe(33.33);
    expect(presentPercent(1, 3)).toBe(33.33);
    expect(presentPercent(5, 0)).toBe(0);
  });

  it('gives the default calls half an hour apart, across midnight too', () => {
    expect(defaultCalls('cdmx', '2031-12-31T23:30').map((c) => c.at)).toEqual([
      '2031-12-31T23:30',
      '2032-01-01T00:00',
      '2032-01-01T00:30',
    ]);
    expect(addMinutes('2031-03-10T19:00', 90)).toBe('2031-03-10T20:30');
    expect(QUORUM_DEFAULTS.generic).toEqual(QUORUM_DEFAULTS.cdmx);
  });
});

describe('assembly lifecycle', () => {
  const waiting = { state: 'waiting' as const, currentCall: 1, callCount: 3, quorumMet: false };

  it('opens only with the quorum and moves to a later call only while there is one', () => {
    expect(assemblyTransition(waiting, 'open')).toEqual({ refusal: 'noQuorum' });
    expect(assemblyTransition({ ...waiting, quorumMet: true }, 'open')).toMatchObject({ transition: { to: 'open' } });
    expect(assemblyTransition({ ...waiting, currentCall: 3 }, 'nextCall')).toEqual({ refusal: 'noLaterCall' });
    expect(assemblyActionsFor(waiting)).toEqual(['nextCall', 'cancel']);
  });

  it('follows draft → called → waiting → open → closed, and cancels only before it opens', () => {
    expect(assemblyActionsFor({ state: 'draft', currentCall: 0, callCount: 2, quorumMet: false })).toEqual(['call', 'cancel']);
    expect(assemblyActionsFor({ state: 'called', currentCall: 0, callCount: 2, quorumMet: false })).toEqual([
      'convene',
      'cancel',
    ]);
    expect(assemblyActionsFor({ state: 'open', currentCall: 2, callCount: 2, quorumMet: true })).toEqual(['close']);
    expect(assemblyActionsFor({ state: 'closed', currentCall: 2, callCount: 2, quorumMet: true })).toEqual([]);
    expect(assemblyTransition({ state: 'open', currentCall: 2, callCount: 2, quorumMet: true }, 'cancel')).toEqual({
      refusal: 'notAllowed',
    });
  });
});
