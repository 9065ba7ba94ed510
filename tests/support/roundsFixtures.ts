// What the rounds' browser-side tests share (machines, views): an ordered round of two checkpoints open now, the
// answers the server gives to its scans, a fixed clientId, and the panel's answer.
import type { PanelAnswer, Round, RoundStop, ScanAnswer } from '../../src/api/rounds';

export const CLIENT_ID = '3f2c8a4e-1b7d-4c9a-8e5f-6a0b1c2d3e4f';
export const CODE_A = 'RC-DEMO-A';
export const CODE_B = 'RC-DEMO-B';
export const CODE_UNKNOWN = 'RC-NO-ES-DE-AQUI';

const stop = (id: number, position: number, name: string, code: string, dueAt: string): RoundStop => ({
  id,
  checkpointId: id + 100,
  name,
  place: 'Torre A',
  instructions: '',
  code,
  nfcTag: position === 1 ? '04:a2:3b:1c' : null,
  position,
  dueAt,
  status: 'pending',
  scannedAt: null,
  outOfOrder: false,
  note: null,
});

export const ROUND: Round = {
  id: 41,
  planId: 7,
  planName: 'Recorrido nocturno',
  ordered: true,
  slotAt: '2026-03-14T22:00',
  closesAt: '2026-03-14T23:00',
  slotAtUtc: '2026-03-15T04:00:00.000Z',
  closesAtUtc: '2026-03-15T05:00:00.000Z',
  status: 'scheduled',
  startedAt: null,
  finishedAt: null,
  walkedBy: null,
  stops: [stop(1, 1, 'Caseta principal', CODE_A, '2026-03-14T22:15'), stop(2, 2, 'Alberca', CODE_B, '2026-03-14T22:45')],
  notes: [],
};

export const WALKING: Round = { ...ROUND, status: 'walking', startedAt: '2026-03-14T22:01', walkedBy: 'Guardia Demo' };

/** The round as the server answers once `stopId` is scanned on time. */
export function scannedRound(round: Round, stopId: number): Round {
  return {
    ...round,
    status: 'walking',
    stops: round.stops.map((s) => (s.id === stopId ? { ...s, status: 'done', scannedAt: '2026-03-14T22:05' } : s)),
  };
}

export const scanAnswer = (round: Round, stopId: number): ScanAnswer => ({
  success: true,
  outcome: 'done',
  data: scannedRound(round, stopId),
  replayed: false,
});

export const FINISHED: Round = {
  ...scannedRound(scannedRound(WALKING, 1), 2),
  status: 'done',
  finishedAt: '2026-03-14T22:40',
};

export const PANEL: PanelAnswer = {
  success: true,
  rounds: [
    FINISHED,
    {
      ...ROUND,
      id: 40,
      slotAt: '2026-03-14T20:00',
      status: 'missed',
      stops: ROUND.stops.map((s) => ({ ...s, status: 'missed' as const })),
    },
  ],
  guards: [{ name: 'Guardia Demo', device: 'Caseta principal', since: '2026-03-14T21:55' }],
  gate: { inside: 3, parcelsWaiting: 2, movementsToday: 17 },
};
