// Walk-ins' browser-side facts (src/api/gateWalkIns.ts): a walk-in of Torre A - 101 in each status, the answers
// the caseta gets, and the movement a decision records. Plain values: the machine model, its tests and the view
// tests share them.
import type { WalkIn, WalkInAskAnswer, WalkInDecidedAnswer } from '../../src/api/gateWalkIns';
import type { WalkInDraft } from '../../src/machines/walkInMachine';
import { CLIENT_ID, movement } from './gateFixtures';

export const WALK_IN_DRAFT: WalkInDraft = {
  apartmentId: 7,
  visitorName: ' Paquetería DHL ',
  reason: 'delivery',
  people: 1,
  plates: '',
  accessPoint: 'Caseta principal',
  note: 'Caja grande',
};

export const ASKING: WalkIn = {
  id: 501,
  clientId: CLIENT_ID,
  apartmentId: 7,
  dwelling: 'Torre A - 101',
  visitorName: 'Paquetería DHL',
  reason: 'delivery',
  note: 'Caja grande',
  people: 1,
  plates: null,
  status: 'asking',
  askedAt: '2025-06-02T18:00:00.000Z',
  askedLocal: '2025-06-02 12:00',
  expiresAt: '2025-06-02T18:03:00.000Z',
  answer: null,
  answeredBy: null,
  answeredAt: null,
  decision: null,
  movementId: null,
};

const answeredAt = '2025-06-02T18:01:00.000Z';
export const APPROVED: WalkIn = {
  ...ASKING,
  status: 'approved',
  answer: 'approve',
  answeredBy: 'Rosa Hernández Díaz',
  answeredAt,
};
export const REFUSED: WalkIn = { ...ASKING, status: 'refused', answer: 'refuse', answeredBy: 'Rosa Hernández Díaz', answeredAt };
export const NO_ANSWER: WalkIn = { ...ASKING, status: 'noAnswer' };

export const ASKED: WalkInAskAnswer = { success: true, data: ASKING, replayed: false, told: 1 };
/** Nobody lives registered there: nobody was told. */
export const ASKED_NOBODY: WalkInAskAnswer = { success: true, data: ASKING, replayed: false, told: 0 };

export const WALK_IN_ENTRY = movement({ id: 304, passId: null, passKind: null, visitorName: 'Paquetería DHL', people: 1 });
export const WALK_IN_REFUSAL = movement({
  id: 305,
  kind: 'refusal',
  passId: null,
  passKind: null,
  visitorName: 'Paquetería DHL',
  people: 1,
  reason: 'guardDecision',
});

export const decidedAnswer = (decision: 'entry' | 'refusal', from: WalkIn = APPROVED): WalkInDecidedAnswer => {
  const movement = decision === 'entry' ? WALK_IN_ENTRY : WALK_IN_REFUSAL;
  return { success: true, data: { ...from, status: 'decided', decision, movementId: movement.id }, movement, duplicate: false };
};
