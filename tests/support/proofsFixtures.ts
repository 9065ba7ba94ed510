// Proofs of payment (comprobantes de pago, issue 27) as the contract shapes them: the form's options for a reviewer and
// a resident, a waiting proof (and the same one flagged as a duplicate), how it reads once accepted or rejected, a
// page of the queue and a chosen file. Plain values for the machine models, machine tests and view tests.
import type { Proof, ProofOptions } from '../../src/api/proofs';
import type { ChosenProofFile } from '../../src/machines/proofUploadMachine';

/** A 1×1 PNG (the same as routeMatrix's, which this browser-side fixture must not import: it pulls the test server). */
const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const PROOF_TODAY = '2026-11-20';

export const REVIEWER_OPTIONS: ProofOptions = {
  dwellings: [
    { id: 57, nombre: 'Casa 57' },
    { id: 101, nombre: 'Torre A - 101' },
  ],
  reviewer: true,
  accounts: [{ id: 3, nombre: 'BBVA Cuenta operativa' }],
  today: PROOF_TODAY,
};

export const RESIDENT_OPTIONS: ProofOptions = {
  dwellings: [{ id: 57, nombre: 'Casa 57' }],
  reviewer: false,
  accounts: [],
  today: PROOF_TODAY,
};

export const PROOF: Proof = {
  id: 41,
  apartmentId: 57,
  vivienda: 'Casa 57',
  estado: 'enviado',
  method: 'transferencia',
  amountCents: 185_000,
  paidOn: '2026-11-18',
  bank: 'BBVA',
  reference: 'SPEI 0048213',
  note: 'Cuota de noviembre',
  sentBy: 'Luis Pérez Gómez',
  sentAt: '2026-11-19T16:30:00.000Z',
  fileName: 'spei.png',
  fileType: 'image/png',
  fileUrl: `/api/--comprobantes-de-pago/archivo/9?exp=1&sig=${'a'.repeat(64)}`,
  duplicate: false,
  reviewedBy: null,
  reviewedAt: null,
  rejectReason: null,
  paymentId: null,
  actions: ['aceptar', 'rechazar'],
};

export const DUPLICATE: Proof = {
  ...PROOF,
  id: 42,
  vivienda: 'Torre A - 101',
  apartmentId: 101,
  duplicate: true,
  fileName: 'dep.pdf',
  fileType: 'application/pdf',
};

export const ACCEPTED: Proof = {
  ...PROOF,
  estado: 'aceptado',
  reviewedBy: 'Ana Martínez Ruiz',
  reviewedAt: '2026-11-20T15:00:00.000Z',
  paymentId: 900,
  actions: [],
};

export const REJECTED: Proof = {
  ...PROOF,
  estado: 'rechazado',
  reviewedBy: 'Ana Martínez Ruiz',
  reviewedAt: '2026-11-20T15:00:00.000Z',
  rejectReason: 'El monto no coincide',
  actions: [],
};

export const WITHDRAWN: Proof = { ...PROOF, estado: 'retirado', actions: [] };

/** A resident's own waiting proof: they may withdraw it. */
export const OWN_PROOF: Proof = { ...PROOF, actions: ['retirar'] };

export const QUEUE_PAGE = { items: [PROOF, DUPLICATE], total: 2 };
/** More than a page, so another page can be asked for. */
export const LONG_QUEUE = { items: [PROOF, DUPLICATE, { ...OWN_PROOF, id: 43 }], total: 45 };

export const CHOSEN_PNG: ChosenProofFile = { name: 'spei.png', type: 'image/png', size: 68, dataUrl: PNG_1X1 };
export const TOO_BIG: ChosenProofFile = { name: 'enorme.pdf', type: 'application/pdf', size: 12_000_000, dataUrl: '' };

/** Fields that make a proof ready to send for PROOF_TODAY. */
export const READY_FIELDS = {
  apartmentId: 57,
  method: 'transferencia' as const,
  amount: '1,850.00',
  paidOn: '2026-11-18',
  bank: 'BBVA' as const,
  reference: 'SPEI 0048213',
  note: '',
};
