// The blogs summary's machine, model-based: loading, shown, failed with retry.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { SummaryAnswer } from '../../src/api/posts';
import { blogsSummaryMachine } from '../../src/machines/blogsSummaryMachine';
import {
  controllablePromises,
  coveredModel,
  type ModelEvent,
  NO_GAPS,
  providePromises,
  type Snapshot,
  type StateChecks,
  walkEveryPath,
} from '../support/modelTesting';

const SUMMARY: SummaryAnswer = {
  success: true,
  sections: [
    {
      SectId: 1,
      SectName: 'Avisos de la administración',
      SectCode: '',
      SectPosting: 'R',
      CommentsDisplay: 'Y',
      VistaxTorre: 1,
      SolPrivada: 1,
      PublicoPrivado: 0,
      ExclusivaUsuarios: 'N',
      SectStatus: 'A',
      blogCount: 14,
    },
  ],
};

type Snap = Snapshot<typeof blogsSummaryMachine>;

const eventsFor = (snapshot: Snap): ModelEvent[] =>
  snapshot.matches('loading')
    ? [
        { type: 'xstate.done.actor.summary', output: SUMMARY },
        { type: 'xstate.error.actor.summary', error: new Error('Failed to fetch') },
      ]
    : [{ type: 'retry' }];

const { paths, gaps } = coveredModel(blogsSummaryMachine, { events: eventsFor });

describe('blogsSummaryMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof blogsSummaryMachine>;
  const states: StateChecks<Snap> = {
    loading: () => expect(actor.getSnapshot().context.sections).toEqual([]),
    failed: () => expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true),
    shown: () => expect(actor.getSnapshot().context.sections.map((s) => s.SectName)).toEqual(['Avisos de la administración']),
  };

  walkEveryPath(it, blogsSummaryMachine, paths, states, () => {
    calls = controllablePromises();
    actor = createActor(providePromises(blogsSummaryMachine, calls, ['fetchSummary'])).start();
    return { actor, calls, send: ['retry'], invoked: { summary: 'fetchSummary' } };
  });
});
