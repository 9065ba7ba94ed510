// 'Mensajes reportados', model-based: every event the machine declares offered from tests/models, every
// branch walked against a real actor whose calls are controllable promises. Plus: pages after the shown
// ones, each report once, a short page ends the list.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { CONVERSATIONS_PAGE_SIZE } from '../../src/api/conversations';
import { appendReports, conversationReportsMachine } from '../../src/machines/conversationReportsMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { conversationReportsModel, FIRST_REPORTS, LAST_REPORT, report } from '../models/conversationReportsMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof conversationReportsMachine>;
const cover = coverModel(conversationReportsModel);

describe('conversationReportsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof conversationReportsMachine>;
  const can = (type: 'retry' | 'reload' | 'loadMore') => actor.getSnapshot().can({ type });

  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['fetchReports']);
      expect(calls.inputOf('fetchReports')).toEqual({ limit: CONVERSATIONS_PAGE_SIZE, offset: 0 });
      expect(can('loadMore')).toBe(false);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can('retry')).toBe(true);
    },
    refused: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.items).toEqual([]);
      expect(can('retry')).toBe(false);
    },
    empty: (s) => {
      expect(s.context.items).toEqual([]);
      expect(can('reload')).toBe(true);
      expect(can('loadMore')).toBe(false);
    },
    list: (s) => {
      expect(s.context.items.map((r) => r.reportId)).toEqual([3, 2, 1].slice(0, s.context.items.length));
      expect(s.context.total).toBe(3);
    },
    'list.idle': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(can('loadMore')).toBe(s.context.items.length < 3);
    },
    'list.loadingMore': (s) => {
      expect(calls.pending()).toEqual(['fetchReports']);
      expect(calls.inputOf('fetchReports')).toEqual({ limit: CONVERSATIONS_PAGE_SIZE, offset: s.context.items.length });
    },
    'list.moreFailed': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toMatchObject({
        kind: 'refused',
        message: 'El servicio no está disponible. Inténtalo más tarde.',
      });
      expect(can('loadMore')).toBe(true);
    },
  };

  walkModel(it, cover, conversationReportsMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(conversationReportsMachine, calls)).start();
    return { actor, calls };
  });
});

describe('conversationReportsMachine details', () => {
  it('appends the next page without repeating a report, and a short page ends it', async () => {
    expect(appendReports([report(3), report(2)], [report(2), report(1)]).map((r) => r.reportId)).toEqual([3, 2, 1]);
    const calls = controllablePromises();
    const actor = createActor(provideCalls(conversationReportsMachine, calls)).start();
    calls.resolve('fetchReports', FIRST_REPORTS);
    await settle();
    actor.send({ type: 'loadMore' });
    // The counter says more, but the page is short: that was the last.
    calls.resolve('fetchReports', { ...LAST_REPORT, total: 9 });
    await settle();
    expect(actor.getSnapshot().context.total).toBe(3);
    expect(actor.getSnapshot().can({ type: 'loadMore' })).toBe(false);
  });
});
