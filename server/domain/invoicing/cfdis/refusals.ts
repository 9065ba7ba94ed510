// The refusals of the CFDI routes: the status, the shared code, and a `reason` the browser's machines switch
// on (src/api/invoicing.ts STAMP_REFUSALS, plus the report's own). The worded message is the generic one of
// the shared catalogue; a PAC's refusal carries the PAC's own words, which are not ours to translate.
import { ErrorCodes } from '../../../../src/api/errors';
import type { StampRefusal } from '../../../../src/api/invoicing';
import { AppError } from '../../../errors';

export type CfdiRefusal =
  | StampRefusal
  /** The invoice is not a PPD vigente with a balance, or the amount is more than the balance. */
  | 'notPayable'
  | 'amountOverBalance'
  /** Cancelling a PPD invoice whose payment complements are vigentes (SAT: cancel those first). */
  | 'hasPayments'
  | 'alreadyCancelled'
  /** Reason 01's replacing UUID is not a vigente CFDI of this issuer. */
  | 'badReplacement'
  /** A dwelling charge already invoiced by a vigente CFDI, or not the dwelling's. */
  | 'chargeInvoiced'
  | 'stale'
  | 'draftProblems'
  /** The client has no e-mail address to send the CFDI to. */
  | 'noEmail';

export const conflict = (reason: CfdiRefusal, more: Record<string, unknown> = {}) =>
  new AppError(409, ErrorCodes.conflict, 'errors.conflict', undefined, { reason, ...more });

export const badDraft = (problems: string[]) =>
  new AppError(400, ErrorCodes.badRequest, 'errors.badRequest', undefined, { reason: 'draftProblems', problems });

/** 502: the PAC refused the CFDI (its words) or could not be reached. Nothing was written. */
export const pacFailed = (reason: 'pacRefused' | 'pacUnavailable', message: string, code: string) =>
  new AppError(502, ErrorCodes.unavailable, { text: message || reason }, undefined, { reason, message, pacCode: code });
