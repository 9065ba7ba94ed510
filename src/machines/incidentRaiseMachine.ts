// Raising an incident (issue 31), at a round's checkpoint (its id from ?punto=), the gate or the panel: the form is
// sent only complete (a category, a severity, a description and a place that are not blank, at most
// INCIDENT_MAX_PHOTOS photos); the server's refusal or a broken connection is kept as its failure, and the guard
// retries or goes back to the form to fix it. Once raised, the form may be filled again for another.
import { assign, fromPromise, setup } from 'xstate';
import { INCIDENT_MAX_PHOTOS, type Incident, type IncidentRaiseRequest, type IncidentSource } from '../api/incidents';
import { raiseIncident } from '../services/incidentsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export type IncidentDraft = Omit<IncidentRaiseRequest, 'source' | 'checkpointId'>;

export interface IncidentRaiseContext {
  checkpointId: number | null;
  source: IncidentSource;
  draft: IncidentDraft | null;
  incident: Incident | null;
  failure: CallFailure | null;
}

export type IncidentRaiseEvent =
  | { type: 'submit'; draft: IncidentDraft }
  | { type: 'retry' }
  | { type: 'edit' }
  | { type: 'again' };

export const draftComplete = (draft: IncidentDraft) =>
  draft.description.trim() !== '' && draft.place.trim() !== '' && (draft.photos?.length ?? 0) <= INCIDENT_MAX_PHOTOS;

export const incidentRaiseMachine = setup({
  types: {
    input: {} as { checkpointId: number | null; source: IncidentSource },
    context: {} as IncidentRaiseContext,
    events: {} as IncidentRaiseEvent,
  },
  actors: {
    raise: fromPromise<Incident, IncidentRaiseRequest>(({ input, signal }) => raiseIncident(input, signal)),
  },
  guards: {
    complete: ({ event }) => event.type === 'submit' && draftComplete(event.draft),
  },
  actions: {
    takeDraft: assign(({ event }) => (event.type === 'submit' ? { draft: event.draft, failure: null } : {})),
    setRaised: assign((_, incident: Incident) => ({ incident, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    forget: assign({ draft: null, incident: null, failure: null }),
  },
}).createMachine({
  id: 'incidentRaise',
  context: ({ input }) => ({
    checkpointId: input.checkpointId,
    source: input.source,
    draft: null,
    incident: null,
    failure: null,
  }),
  initial: 'editing',
  states: {
    editing: { on: { submit: { guard: 'complete', target: 'raising', actions: 'takeDraft' } } },
    raising: {
      invoke: {
        id: 'raise',
        src: 'raise',
        input: ({ context }) => ({ ...context.draft!, source: context.source, checkpointId: context.checkpointId }),
        onDone: { target: 'raised', actions: { type: 'setRaised', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The failure stays in view on the form until the next try.
    failed: { on: { retry: 'raising', edit: 'editing' } },
    raised: { on: { again: { target: 'editing', actions: 'forget' } } },
  },
});
