// "Registrar pago"'s machine, model-based: every event the machine declares offered from tests/models, every
// branch walked against a real actor whose calls are controllable promises and whose toast delay runs on a
// simulated clock. Each state is checked against the walk's own record (the accounts loaded, the answer last
// given, the payments announced to the page). Plus the form's rules (paymentDraft.ts): the date not after
// today, an amount above 0 in whole cents, an account of the list, a reference of at most 60 characters, and
// what is sent matching the contract's PaymentRecord.
import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, type EventObject, fromPromise, SimulatedClock } from 'xstate';
import { PAYMENT_MAX_CENTS, PaymentRecord } from '../../src/api/payments';
import {
  amountCents,
  newPaymentDraft,
  type PaymentDraft,
  paymentProblems,
  paymentRecordOf,
} from '../../src/machines/paymentDraft';
import { PAYMENT_TOAST_MS, paymentMachine } from '../../src/machines/paymentMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import type { RecordedPayment, RecordPaymentResult } from '../../src/services/paymentsService';
import {
  ACCOUNTS,
  APARTMENT_ID,
  COMPLETE,
  fillStage,
  paymentModel,
  REFUSAL,
  recordedAs,
  TODAY,
  TOMORROW,
} from '../models/paymentMachine.model';
import { coverModel, MODEL_COMPLETE, type Payload, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof paymentMachine>;
const cover = coverModel(paymentModel);
const TOAST_DONE = 'xstate.after.toast.payment.saved';
const OPEN = { type: 'open', apartmentId: APARTMENT_ID, today: TODAY } as const;

/** What COMPLETE sends: 1500.50 pesos into the cash box on 20 November, with its reference. */
const SENT = { ApartmentId: APARTMENT_ID, paidOn: '2026-11-20', amountCents: 150_050, accountId: 2, reference: 'SPEI 0042' };

describe('paymentMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let clock = new SimulatedClock();
  let actor: Actor<typeof paymentMachine>;
  /** The walk's own record: the accounts the server gave, its last answer to the payment, what the page was told. */
  let accounts: unknown = null;
  let answer: RecordPaymentResult | 'failed' | null = null;
  let announced: RecordedPayment[] = [];
  let recordedAnswers = 0;

  const snapshot = () => actor.getSnapshot();
  const can = (event: EventObject) => snapshot().can(event as never);
  const canEach = (...types: string[]) => types.map((type) => can({ type }));
  const canChange = () => can({ type: 'change', field: 'amount', value: '1' } as EventObject);
  /** The page is told once per payment recorded, and only then. */
  const announcedOncePerRecording = () => expect(announced).toHaveLength(recordedAnswers);
  const theRecorded = () => (answer as Extract<RecordPaymentResult, { kind: 'recorded' }>).payment;

  const states: StateChecks<Snap> = {
    closed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context).toMatchObject({ apartmentId: null, accounts: [], refusal: null, recorded: null, attempted: false });
      expect(can(OPEN)).toBe(true);
      expect(canEach('submit', 'close', 'retry', 'dismiss')).toEqual([false, false, false, false]);
      announcedOncePerRecording();
    },
    loadingAccounts: (s) => {
      expect(calls.pending()).toEqual(['loadAccounts']);
      // A fresh dialog on the statement's dwelling, dated today, whatever was typed before.
      expect(s.context).toMatchObject({ apartmentId: APARTMENT_ID, today: TODAY, accounts: [], refusal: null, recorded: null });
      expect(s.context.draft).toEqual(newPaymentDraft(TODAY, []));
      expect(canEach('close', 'retry', 'submit', 'dismiss')).toEqual([true, false, false, false]);
      expect(can(OPEN)).toBe(false);
    },
    loadFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(accounts).toBeNull();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(canEach('retry', 'close', 'submit')).toEqual([true, true, false]);
      expect(canChange()).toBe(false);
    },
    noAccounts: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(accounts).toEqual([]);
      expect(s.context.accounts).toEqual([]);
      expect(canEach('close', 'retry', 'submit')).toEqual([true, false, false]);
      expect(canChange()).toBe(false);
    },
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.accounts).toEqual(ACCOUNTS);
      // The form is one of the model's stages (fields kept through any answer), and may always be sent,
      // changed or closed: sending with a problem shows the problems.
      expect(fillStage(s.context.draft)).toBeGreaterThanOrEqual(0);
      expect(canEach('submit', 'close')).toEqual([true, true]);
      expect(canChange()).toBe(true);
      expect(canEach('retry', 'dismiss')).toEqual([false, false]);
      announcedOncePerRecording();
    },
    'editing.filling': (s) => {
      expect(answer).toBeNull();
      expect(s.context.refusal).toBeNull();
      // Two accounts: none chosen for the user.
      if (fillStage(s.context.draft) === 0)
        expect(s.context.draft).toEqual({ paidOn: TODAY, amount: '', accountId: '', reference: '' });
    },
    'editing.refused': (s) => {
      expect(answer).toEqual({ kind: 'refused', message: REFUSAL });
      expect(s.context.refusal).toBe(REFUSAL);
      expect(s.context.draft).toEqual(COMPLETE);
    },
    'editing.failed': (s) => {
      expect(answer).toBe('failed');
      expect(s.context.refusal).toBeNull();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(s.context.draft).toEqual(COMPLETE);
    },
    saving: (s) => {
      expect(calls.pending()).toEqual(['recordPayment']);
      expect(calls.inputOf('recordPayment')).toEqual(SENT);
      expect(is(calls.inputOf('recordPayment'), PaymentRecord)).toBe(true);
      expect(s.context.refusal).toBeNull();
      expect(canEach('close', 'submit', 'dismiss')).toEqual([false, false, false]);
      expect(canChange()).toBe(false);
    },
    saved: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.recorded).toEqual(theRecorded());
      expect(announced.at(-1)).toEqual(theRecorded());
      announcedOncePerRecording();
      // Another payment may be recorded at once; the toast closes by hand, or by itself unless it warns.
      expect(canEach('dismiss', 'submit', 'close')).toEqual([true, false, false]);
      expect(can(OPEN)).toBe(true);
      expect(can({ type: TOAST_DONE })).toBe(theRecorded().invoicing !== 'noClient');
    },
  };

  const eventOf = (step: { event: EventObject }) => step.event as EventObject & Payload;
  walkModel(it, cover, paymentMachine, states, () => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    accounts = null;
    answer = null;
    announced = [];
    recordedAnswers = 0;
    actor = createActor(provideCalls(paymentMachine, calls), { clock });
    actor.on('recorded', (event) => announced.push(event.payment));
    actor.start();
    return {
      actor,
      calls,
      special: {
        // The toast fades exactly when its time has passed, not a millisecond before.
        [TOAST_DONE]: () => {
          clock.increment(PAYMENT_TOAST_MS - 1);
          expect(snapshot().matches('saved')).toBe(true);
          clock.increment(1);
        },
      },
      after: {
        open: () => {
          accounts = null;
          answer = null;
        },
        'xstate.done.actor.loadAccounts': (step) => (accounts = eventOf(step).output),
        'xstate.done.actor.recordPayment': (step) => {
          answer = eventOf(step).output as RecordPaymentResult;
          if (answer.kind === 'recorded') recordedAnswers++;
        },
        'xstate.error.actor.recordPayment': () => (answer = 'failed'),
      },
    };
  });
});

describe('paymentMachine behaviour', () => {
  const opened = (result: RecordPaymentResult, loaded = ACCOUNTS) => {
    const sent: unknown[] = [];
    const actor = createActor(
      paymentMachine.provide({
        actors: {
          loadAccounts: fromPromise(async () => loaded),
          recordPayment: fromPromise(async ({ input }) => {
            sent.push(input);
            return result;
          }),
        },
      }),
    ).start();
    actor.send(OPEN);
    return { actor, sent };
  };
  const fill = (actor: ReturnType<typeof opened>['actor'], draft: Partial<PaymentDraft>) => {
    for (const [field, value] of Object.entries(draft))
      actor.send({ type: 'change', field: field as keyof PaymentDraft, value: value as string });
  };

  it('chooses the account when there is only one, and sends nothing while a field has a problem', async () => {
    const { actor, sent } = opened(recordedAs('manual'), [ACCOUNTS[0]!]);
    await settle();
    expect(actor.getSnapshot().context.draft).toEqual({ paidOn: TODAY, amount: '', accountId: '1', reference: '' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().matches({ editing: 'filling' })).toBe(true);
    expect(actor.getSnapshot().context.attempted).toBe(true);
    fill(actor, { amount: '250', paidOn: TOMORROW });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    fill(actor, { paidOn: TODAY });
    actor.send({ type: 'submit' });
    await settle();
    expect(sent).toEqual([{ ApartmentId: APARTMENT_ID, paidOn: TODAY, amountCents: 25_000, accountId: 1, reference: '' }]);
    expect(actor.getSnapshot().value).toBe('saved');
  });

  it('keeps the fields and the server’s words after a refusal, and clears the words when sent again', async () => {
    let result: RecordPaymentResult = { kind: 'refused', message: REFUSAL };
    const actor = createActor(
      paymentMachine.provide({
        actors: {
          loadAccounts: fromPromise(async () => ACCOUNTS),
          recordPayment: fromPromise(async () => result),
        },
      }),
    ).start();
    actor.send(OPEN);
    await settle();
    fill(actor, COMPLETE);
    actor.send({ type: 'submit' });
    await settle();
    expect(actor.getSnapshot().matches({ editing: 'refused' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ refusal: REFUSAL, draft: COMPLETE });
    result = recordedAs('scheduled');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.refusal).toBeNull();
    await settle();
    expect(actor.getSnapshot().context.recorded?.invoicing).toBe('scheduled');
  });

  it('opens afresh after a payment: today, nothing typed, the accounts read again', async () => {
    const { actor } = opened(recordedAs('noClient'));
    await settle();
    fill(actor, COMPLETE);
    actor.send({ type: 'submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('saved');
    actor.send({ ...OPEN, today: '2026-11-25' });
    expect(actor.getSnapshot().value).toBe('loadingAccounts');
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({
      today: '2026-11-25',
      draft: { paidOn: '2026-11-25', amount: '', accountId: '', reference: '' },
      recorded: null,
      attempted: false,
    });
  });
});

describe('the payment form’s rules', () => {
  const complete: PaymentDraft = { paidOn: '2026-11-20', amount: '1500.5', accountId: '2', reference: ' SPEI 0042 ' };
  const problems = (draft: Partial<PaymentDraft>) => paymentProblems({ ...complete, ...draft }, TODAY, ACCOUNTS);

  it('takes a complete draft and sends it in whole cents, trimmed, as the contract wants it', () => {
    expect(problems({})).toEqual({});
    const record = paymentRecordOf(APARTMENT_ID, complete);
    expect(record).toEqual({ ...SENT, reference: 'SPEI 0042' });
    expect(is(record, PaymentRecord)).toBe(true);
  });

  it('wants a real date, not after today', () => {
    expect(problems({ paidOn: TODAY })).toEqual({});
    expect(problems({ paidOn: TOMORROW })).toEqual({ paidOn: 'finance.payment.invalid.paidOnFuture' });
    for (const paidOn of ['', '2026-02-30', '24/11/2026'])
      expect(problems({ paidOn }), paidOn).toEqual({ paidOn: 'finance.payment.invalid.paidOn' });
  });

  it('wants an amount above 0 and at most the contract’s largest, in whole cents', () => {
    expect(amountCents('1500.55')).toBe(150_055);
    expect(amountCents('0.01')).toBe(1);
    expect(amountCents('')).toBeNull();
    expect(amountCents('abc')).toBeNull();
    expect(problems({ amount: '' })).toEqual({ amount: 'finance.payment.invalid.amount' });
    expect(problems({ amount: '0' })).toEqual({ amount: 'finance.payment.invalid.amountPositive' });
    expect(problems({ amount: '-5' })).toEqual({ amount: 'finance.payment.invalid.amountPositive' });
    expect(problems({ amount: String(PAYMENT_MAX_CENTS / 100) })).toEqual({});
    expect(problems({ amount: String(PAYMENT_MAX_CENTS / 100 + 0.01) })).toEqual({
      amount: 'finance.payment.invalid.amountTooLarge',
    });
  });

  it('wants one of the accounts listed, and a reference of at most 60 characters', () => {
    expect(problems({ accountId: '' })).toEqual({ accountId: 'finance.payment.invalid.account' });
    expect(problems({ accountId: '99' })).toEqual({ accountId: 'finance.payment.invalid.account' });
    expect(problems({ reference: '' })).toEqual({});
    expect(problems({ reference: 'x'.repeat(60) })).toEqual({});
    expect(problems({ reference: 'x'.repeat(61) })).toEqual({ reference: 'finance.payment.invalid.reference' });
    expect(is(paymentRecordOf(APARTMENT_ID, { ...complete, reference: 'x'.repeat(60) }), PaymentRecord)).toBe(true);
  });
});
