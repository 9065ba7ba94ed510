// The outcome of a voted agenda item (issue 32): an item's majority rule applied to the weights of the votes cast,
// in exact integer arithmetic over parts per million of indiviso (polls.ts INDIVISO_WHOLE). Mexico City's law
// (art. 32) takes resolutions by a majority of the votes of those present; qualified majorities are a share of the
// whole condominium's indiviso; unanimity is every dwelling of the item's electorate. So:
// - simple: the yes weight exceeds half of the item's electorate (the dwellings present when it opened, barred ones
//   left out): an abstention or a seat that did not vote is not a yes;
// - qualified: the yes weight reaches `qualifiedPercent` of the whole condominium's indiviso;
// - unanimity: every seat of the electorate voted yes (and there is at least one).
// Pure: the server closes an item with it, the screens and the acta show it.
import type { MajorityRule } from './assemblies';

export const VOTE_CHOICES = ['yes', 'no', 'abstain'] as const;
export type VoteChoice = (typeof VOTE_CHOICES)[number];

export const ITEM_OUTCOMES = ['approved', 'rejected'] as const;
export type ItemOutcome = (typeof ITEM_OUTCOMES)[number];

export interface ItemTally {
  /** Weights (parts per million) of the votes cast, by choice. */
  yes: number;
  no: number;
  abstain: number;
  /** The weight of the item's electorate: the seats fixed at opening, barred ones left out. */
  electorate: number;
  /** How many seats it has, and how many of them voted yes. */
  seats: number;
  yesSeats: number;
  /** The whole condominium's indiviso (the base of a qualified majority). */
  total: number;
}

export interface ItemRule {
  majority: MajorityRule;
  /** Qualified only: 51..100. */
  qualifiedPercent: number | null;
}

export function itemOutcome(tally: ItemTally, rule: ItemRule): ItemOutcome {
  return itemApproved(tally, rule) ? 'approved' : 'rejected';
}

function itemApproved(tally: ItemTally, rule: ItemRule): boolean {
  switch (rule.majority) {
    case 'simple':
      return tally.electorate > 0 && tally.yes * 2 > tally.electorate;
    case 'qualified':
      return tally.total > 0 && tally.yes * 100 >= (rule.qualifiedPercent ?? 100) * tally.total;
    case 'unanimity':
      return tally.seats > 0 && tally.yesSeats === tally.seats;
  }
}

/** The yes weight still needed for approval now (0 once reached; unanimity: the seats not yet yes, as weight). */
export function weightNeeded(tally: ItemTally, rule: ItemRule): number {
  switch (rule.majority) {
    case 'simple':
      return Math.max(0, Math.floor(tally.electorate / 2) + 1 - tally.yes);
    case 'qualified':
      return Math.max(0, Math.ceil(((rule.qualifiedPercent ?? 100) * tally.total) / 100) - tally.yes);
    case 'unanimity':
      return Math.max(0, tally.electorate - tally.yes);
  }
}
