// Matching a deposit to the ledger (conciliación, issue 27). Pure over a context loaded once per run
// (context.ts): the condominium's dwellings and the words that name them on a bank line ("TORRE A 101", "A101",
// "CASA 12"), what each dwelling owes (its open charges, oldest first), the payments already in the ledger
// of the statement's account that no movement claims yet, and the references of online checkouts (a CLABE or
// an OXXO reference). A deposit is, in this order:
//  1. a payment already in the ledger (same amount, within LINK_WINDOW_DAYS, and its reference or its dwelling
//     on the line): linked, nothing posted (confidence 100 or 95);
//  2. an online checkout's reference: linked to its payment when paid (the provider's webhook posted it), else
//     suggested (80: the webhook will post it);
//  3. one dwelling named on the line whose open charges, oldest first, add up to the amount: posted (95); named
//     but another amount: suggested (75, an advance or a part);
//  4. no dwelling named: the dwellings whose open charges add up to the amount, suggested (70 when one, 50
//     each when several), never posted on the amount alone.
// From SURE_CONFIDENCE a match posts on its own; the rest wait in the queue with their best SUGGESTIONS_SHOWN.
import { SUGGESTIONS_SHOWN } from '../../../src/api/reconciliation';
import { foldText } from './formats/movement';

/** How far a ledger payment's day may be from the deposit's to be the same money. */
export const LINK_WINDOW_DAYS = 5;

export interface DwellingName {
  id: number;
  tower: string | null;
  name: string;
}

export interface LedgerPaymentSeen {
  id: number;
  apartmentId: number;
  paidOn: string;
  amountCents: number;
  reference: string;
}

export interface CheckoutSeen {
  reference: string;
  apartmentId: number;
  paymentId: number | null;
}

export interface MovementToMatch {
  date: string;
  description: string;
  reference: string;
  amountCents: number;
}

export type MatchDecision =
  | { kind: 'link'; apartmentId: number; paymentId: number; confidence: number }
  | { kind: 'post'; apartmentId: number; confidence: number }
  | { kind: 'suggest'; suggestions: { apartmentId: number; amountCents: number; confidence: number }[] };

const words = (text: string) =>
  foldText(text)
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();

/** The keys a dwelling is named by on a bank line. */
export function dwellingKeys(d: DwellingName, uniqueName: boolean): string[] {
  const name = words(d.name);
  const keys = new Set<string>();
  if (d.tower) {
    const tower = words(d.tower);
    const short = tower.split(' ').pop()!;
    keys.add(`${tower} ${name}`);
    keys.add(`${short} ${name}`);
    keys.add(`${short}${name}`);
  }
  if (!d.tower || uniqueName) keys.add(name);
  return [...keys].filter((k) => /\d/.test(k) || k.includes(' '));
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

export class Matcher {
  private readonly byKey = new Map<string, Set<number>>();
  private readonly open = new Map<number, number[]>();
  /** Amount → dwellings whose oldest open charges add up to it. */
  private readonly bySum = new Map<number, Set<number>>();
  private readonly sumsOf = new Map<number, number[]>();
  private readonly payments = new Map<number, LedgerPaymentSeen[]>();
  private readonly checkouts: CheckoutSeen[];
  private readonly order = new Map<number, number>();

  constructor(
    dwellings: readonly DwellingName[],
    /** Each dwelling's open charges in cents, oldest first. */
    openCharges: ReadonlyMap<number, readonly number[]>,
    payments: readonly LedgerPaymentSeen[],
    checkouts: readonly CheckoutSeen[],
  ) {
    const nameCount = new Map<string, number>();
    for (const d of dwellings) nameCount.set(words(d.name), (nameCount.get(words(d.name)) ?? 0) + 1);
    dwellings.forEach((d, i) => {
      this.order.set(d.id, i);
      for (const key of dwellingKeys(d, nameCount.get(words(d.name)) === 1)) {
        const set = this.byKey.get(key) ?? new Set();
        set.add(d.id);
        this.byKey.set(key, set);
      }
      this.setOpen(d.id, [...(openCharges.get(d.id) ?? [])]);
    });
    for (const p of payments) {
      const list = this.payments.get(p.amountCents) ?? [];
      list.push(p);
      this.payments.set(p.amountCents, list);
    }
    this.checkouts = checkouts.filter((c) => c.reference.length >= 8);
  }

  private setOpen(apartmentId: number, charges: number[]): void {
    for (const sum of this.sumsOf.get(apartmentId) ?? []) this.bySum.get(sum)?.delete(apartmentId);
    this.open.set(apartmentId, charges);
    const sums: number[] = [];
    let total = 0;
    for (const cents of charges) {
      total += cents;
      sums.push(total);
      const set = this.bySum.get(total) ?? new Set();
      set.add(apartmentId);
      this.bySum.set(total, set);
    }
    this.sumsOf.set(apartmentId, sums);
  }

  /** The dwellings the line names. */
  dwellingsNamed(text: string): Set<number> {
    const tokens = words(text)
      .split(' ')
      .filter((t) => t !== '');
    const found = new Set<number>();
    for (let i = 0; i < tokens.length; i++) {
      for (let n = 1; n <= 3 && i + n <= tokens.length; n++) {
        const slice = tokens.slice(i, i + n);
        for (const key of n === 1 ? [slice[0]!] : [slice.join(' '), n === 2 ? slice.join('') : '']) {
          const ids = key ? this.byKey.get(key) : undefined;
          if (ids) for (const id of ids) found.add(id);
        }
      }
    }
    // "TORRE A 101" also holds "A 101" and "A101": one dwelling however many of its keys are there.
    return found;
  }

  /** The decision for one deposit; a link or a post takes what it used (the payment, the dwelling's charges). */
  decide(m: MovementToMatch): MatchDecision {
    const text = `${m.description} ${m.reference}`;
    const folded = foldText(text);
    const named = this.dwellingsNamed(text);

    // 1. A payment already in the ledger.
    const near = (this.payments.get(m.amountCents) ?? []).filter(
      (p) => Math.abs(dayNumber(p.paidOn) - dayNumber(m.date)) <= LINK_WINDOW_DAYS,
    );
    const byRef = near.find((p) => p.reference.length >= 4 && folded.includes(foldText(p.reference)));
    const byDwelling = near.filter((p) => named.has(p.apartmentId));
    const linked = byRef ? { p: byRef, confidence: 100 } : byDwelling.length === 1 ? { p: byDwelling[0]!, confidence: 95 } : null;
    if (linked) {
      this.takePayment(linked.p);
      return { kind: 'link', apartmentId: linked.p.apartmentId, paymentId: linked.p.id, confidence: linked.confidence };
    }

    // 2. An online checkout's reference.
    const digits = folded.replace(/[^0-9A-Z]+/g, ' ');
    const checkout = this.checkouts.find((c) => digits.includes(c.reference));
    if (checkout) {
      const paid = checkout.paymentId !== null ? this.findPayment(checkout.paymentId) : undefined;
      if (paid) {
        this.takePayment(paid);
        return { kind: 'link', apartmentId: checkout.apartmentId, paymentId: paid.id, confidence: 100 };
      }
      if (checkout.paymentId === null)
        return {
          kind: 'suggest',
          suggestions: [{ apartmentId: checkout.apartmentId, amountCents: m.amountCents, confidence: 80 }],
        };
      // Paid online, its payment already claimed or in another account: never posted again; a person decides.
      return { kind: 'suggest', suggestions: [] };
    }

    // 3. One dwelling named on the line.
    if (named.size === 1) {
      const [id] = named;
      if (this.sumsOf.get(id!)?.includes(m.amountCents)) {
        this.settle(id!, m.amountCents);
        return { kind: 'post', apartmentId: id!, confidence: 95 };
      }
      return { kind: 'suggest', suggestions: [{ apartmentId: id!, amountCents: m.amountCents, confidence: 75 }] };
    }
    if (named.size > 1) {
      const ranked = [...named]
        .map((id) => ({ id, fits: this.sumsOf.get(id)?.includes(m.amountCents) ?? false }))
        .sort((a, b) => Number(b.fits) - Number(a.fits) || this.rank(a.id) - this.rank(b.id))
        .slice(0, SUGGESTIONS_SHOWN);
      return {
        kind: 'suggest',
        suggestions: ranked.map((r) => ({ apartmentId: r.id, amountCents: m.amountCents, confidence: r.fits ? 80 : 60 })),
      };
    }

    // 4. The amount alone.
    const fits = [...(this.bySum.get(m.amountCents) ?? [])].sort((a, b) => this.rank(a) - this.rank(b));
    return {
      kind: 'suggest',
      suggestions: fits
        .slice(0, SUGGESTIONS_SHOWN)
        .map((id) => ({ apartmentId: id, amountCents: m.amountCents, confidence: fits.length === 1 ? 70 : 50 })),
    };
  }

  /** A deposit posted to the dwelling (here or by hand): its oldest open charges take it. */
  settle(apartmentId: number, cents: number): void {
    const left = [...(this.open.get(apartmentId) ?? [])];
    let money = cents;
    while (money > 0 && left.length > 0) {
      const first = left[0]!;
      if (first <= money) {
        money -= first;
        left.shift();
      } else {
        left[0] = first - money;
        money = 0;
      }
    }
    this.setOpen(apartmentId, left);
  }

  private rank(apartmentId: number) {
    return this.order.get(apartmentId) ?? Number.MAX_SAFE_INTEGER;
  }

  private findPayment(id: number): LedgerPaymentSeen | undefined {
    for (const list of this.payments.values()) {
      const found = list.find((p) => p.id === id);
      if (found) return found;
    }
    return undefined;
  }

  private takePayment(p: LedgerPaymentSeen): void {
    const list = this.payments.get(p.amountCents) ?? [];
    this.payments.set(
      p.amountCents,
      list.filter((other) => other.id !== p.id),
    );
  }
}
