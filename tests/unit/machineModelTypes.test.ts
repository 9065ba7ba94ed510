// What a machine model may offer is typed by the machine's own events (tests/support/machineModel.ts): an event
// type the machine does not have, or a field its event does not have, fails to compile. tsc checks the lines
// marked to fail below; the test only says they were read.
import { describe, expect, it } from 'vitest';
import type { newPostMachine } from '../../src/machines/newPostMachine';
import type { privacyGateMachine } from '../../src/machines/privacyGateMachine';
import { BARE, type EventPayloads } from '../support/machineModel';

type GatePayloads = EventPayloads<typeof privacyGateMachine>;
type NewPostPayloads = EventPayloads<typeof newPostMachine>;

const right: GatePayloads = {
  accept: BARE,
  reject: BARE,
  'xstate.done.actor.acceptNotice': [{ output: '2026-11-21T12:00:00.000Z' }],
  'xstate.error.actor.acceptNotice': [{ error: new Error('down') }],
  'xstate.after.someDelay.privacyGate.asking': BARE,
};
// @ts-expect-error the machine has no event 'acept'
const unknownType: GatePayloads = { acept: BARE };
// @ts-expect-error 'accept' carries nothing
const unknownField: GatePayloads = { accept: [{ now: 1 }] };
// @ts-expect-error a done event carries its output, not a value
const doneWithValue: GatePayloads = { 'xstate.done.actor.acceptNotice': [{ value: 1 }] };
const fields: NewPostPayloads = { edit: [{ field: 'title', value: 'Junta' }] };
// @ts-expect-error 'edit' names the title or the text
const wrongField: NewPostPayloads = { edit: [{ field: 'body', value: 'Junta' }] };
// @ts-expect-error 'edit' needs its value
const missingField: NewPostPayloads = { edit: [{ field: 'title' }] };
// @ts-expect-error a function of the snapshot is held to the same fields
const wrongFromSnapshot: NewPostPayloads = { edit: () => [{ field: 'title', value: 1 }] };

describe('machine model payloads', () => {
  it('are typed by the machine (see the @ts-expect-error lines)', () => {
    const offered = [right, unknownType, unknownField, doneWithValue, fields, wrongField, missingField, wrongFromSnapshot];
    expect(offered).toHaveLength(8);
  });
});
