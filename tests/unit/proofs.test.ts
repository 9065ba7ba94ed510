// Proofs of payment's pure rules (src/api/proofs.ts, proofsLifecycle.ts): the lifecycle table, the day paid (not after
// today, not more than a year before, 29 February), amounts as typed, references, and what makes two proofs alike.
import { describe, expect, it } from 'vitest';
import {
  amountTextToCents,
  paidOnProblem,
  proofFieldProblems,
  proofFileIsAcceptable,
  referenceKey,
  sameProof,
  yearBefore,
} from '../../src/api/proofs';
import { canTakeProofAction, isProofSettled, PROOF_STATES, proofActionsFor } from '../../src/api/proofsLifecycle';
import { READY_FIELDS } from '../support/proofsFixtures';

describe('the proofs lifecycle', () => {
  it('moves a waiting proof only: a reviewer accepts or rejects, its owner withdraws', () => {
    expect(proofActionsFor('enviado', ['reviewer'])).toEqual(['aceptar', 'rechazar']);
    expect(proofActionsFor('enviado', ['owner'])).toEqual(['retirar']);
    expect(proofActionsFor('enviado', ['reviewer', 'owner'])).toEqual(['aceptar', 'rechazar', 'retirar']);
    expect(canTakeProofAction('enviado', 'aceptar', ['owner'])).toBe(false);
    for (const state of PROOF_STATES.filter((s) => s !== 'enviado')) {
      expect(proofActionsFor(state, ['reviewer', 'owner'])).toEqual([]);
      expect(isProofSettled(state)).toBe(true);
    }
    expect(isProofSettled('enviado')).toBe(false);
  });
});

describe('the day paid', () => {
  it('is at most today and at least the same day a year before', () => {
    expect(paidOnProblem('2026-11-20', '2026-11-20')).toBeNull();
    expect(paidOnProblem('2026-11-21', '2026-11-20')).toBe('future');
    expect(paidOnProblem('2025-11-20', '2026-11-20')).toBeNull();
    expect(paidOnProblem('2025-11-19', '2026-11-20')).toBe('tooOld');
    expect(yearBefore('2028-02-29')).toBe('2027-02-28');
    expect(yearBefore('2026-03-01')).toBe('2025-03-01');
  });
});

describe('amounts and references', () => {
  it('reads an amount as typed, within 1 cent and $9,999,999.99', () => {
    expect(amountTextToCents('1850')).toBe(185_000);
    expect(amountTextToCents('1,850.5')).toBe(185_050);
    expect(amountTextToCents('$ 1850,50')).toBe(185_050);
    expect(amountTextToCents('0.01')).toBe(1);
    expect(amountTextToCents('9,999,999.99')).toBe(999_999_999);
    for (const bad of ['', '0', '0.00', '1.234', '10000000', 'abc']) expect(amountTextToCents(bad)).toBeNull();
  });

  it('compares references by their letters and digits', () => {
    expect(referenceKey(' spei-0048 213 ')).toBe('SPEI0048213');
    const a = { bank: 'BBVA', reference: 'SPEI 0048213', amountCents: 100, paidOn: '2026-11-18', sha256: 'a' };
    expect(sameProof(a, { ...a, reference: 'spei-0048213', sha256: 'b' })).toBe(true);
    expect(sameProof(a, { ...a, amountCents: 101, sha256: 'b' })).toBe(false);
    expect(sameProof(a, { ...a, bank: 'Banorte', sha256: 'b' })).toBe(false);
    expect(sameProof(a, { bank: 'HSBC', reference: 'X', amountCents: 1, paidOn: '2020-01-01', sha256: 'a' })).toBe(true);
  });
});

describe('the form', () => {
  it('names each field that will not do', () => {
    expect(proofFieldProblems(READY_FIELDS, '2026-11-20')).toEqual({});
    expect(
      proofFieldProblems(
        {
          apartmentId: null,
          method: 'deposito',
          amount: '',
          paidOn: '2026-11-21',
          bank: '',
          reference: ' - ',
          note: 'x'.repeat(501),
        },
        '2026-11-20',
      ),
    ).toEqual({
      apartmentId: 'required',
      amount: 'required',
      paidOn: 'future',
      bank: 'required',
      reference: 'reference',
      note: 'note',
    });
    expect(proofFieldProblems({ ...READY_FIELDS, reference: 'x'.repeat(41) }, '2026-11-20')).toEqual({ reference: 'reference' });
  });

  it('takes images and PDFs of up to 10 MB only', () => {
    expect(proofFileIsAcceptable({ type: 'application/pdf', size: 10_000_000 })).toBe(true);
    expect(proofFileIsAcceptable({ type: 'application/pdf', size: 10_000_001 })).toBe(false);
    expect(proofFileIsAcceptable({ type: 'image/gif', size: 10 })).toBe(false);
    expect(proofFileIsAcceptable({ type: 'image/png', size: 0 })).toBe(false);
  });
});
