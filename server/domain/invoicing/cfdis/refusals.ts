// The refusals of the CFDI routes: the status, the shared code, and a `reason` the browser's machines switch
// on (src/api/invoicing.ts STAMP_REFUSALS and CFDI_REFUSALS). The worded message is the generic one of
// the shared catalogue; a PAC's refusal carries the PAC's own words, which are not ours to translate.
import { ErrorCodes } from '../../../../src/api/errors';
import type { CfdiRefusal, StampRefusal } from '../../../../src/api/invoicing';
import { AppError } from '../../../errors';

export type CfdiRouteRefusal = StampRefusal | CfdiRefusal;

export const conflict = (reason: CfdiRouteRefusal, more: Record<string, unknown> = {}) =>
  new AppError(409, ErrorCodes.conflict, 'errors.conflict', undefined, { reason, ...more });

/** The draft as a whole breaks the SAT's rules (its problems name which): the refusal's field is the body, as for
 * any refusal of the request as a whole, so no 400 goes without a field. */
export const badDraft = (problems: string[]) =>
  new AppError(400, ErrorCodes.badRequest, 'errors.badRequest', 'body', { reason: 'draftProblems', problems });

/** 502: the PAC refused the CFDI (its words) or could not be reached. Nothing was written. */
export const pacFailed = (reason: 'pacRefused' | 'pacUnavailable', message: string, code: string) =>
  new AppError(502, ErrorCodes.unavailable, { text: message || reason }, undefined, { reason, message, pacCode: code });
