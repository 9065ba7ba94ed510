// What the product asks of a PAC (proveedor autorizado de certificación): stamp a sealed CFDI, cancel one,
// ask the SAT's status, and the account's balance. The sandbox (sandbox.ts) is the default; real PACs are
// chosen by configuration (fromConfig.ts, docs/pac-adapters.md). Answers are data, never exceptions: a PAC
// that cannot be reached answers pacUnavailable, one that says no answers pacRefused with its code and message.
import { localTimestamp } from '../../shared/zonedTime';
import type { CancelInput, TimbreFiscal } from '../cfdi/types';

export interface PacRefusal {
  ok: false;
  reason: 'pacRefused' | 'pacUnavailable';
  /** The PAC's or SAT's code (e.g. '302', 'CFDI40102'), or 'network' / 'http-503' when it was not reached. */
  code: string;
  /** The PAC's message, in Spanish as the PAC writes it. */
  message: string;
}

export type StampAnswer = { ok: true; xml: string; timbre: TimbreFiscal } | PacRefusal;

/** cancelledAt: when the PAC took the cancellation (ISO 8601, UTC). acuse: the SAT's acknowledgement XML. */
export type CancelAnswer = { ok: true; acuse: string; cancelledAt: string } | PacRefusal;

export interface StatusQuery {
  uuid: string;
  rfcEmisor: string;
  rfcReceptor: string;
  totalCents: number;
}

export interface StatusAnswer {
  estado: 'Vigente' | 'Cancelado' | 'No Encontrado';
  /** The SAT's words: 'Cancelable sin aceptación', 'Cancelable con aceptación', 'No cancelable' ('' when unknown). */
  esCancelable: string;
}

export interface PacAdapter {
  name: string;
  /** Stamps a sealed CFDI 4.0; the answer's xml is the CFDI with its tfd:TimbreFiscalDigital. */
  stamp(xml: string): Promise<StampAnswer>;
  /** certificadoBase64: the issuer's .cer (DER, base64), for PACs that ask for it with the request. */
  cancel(input: CancelInput & { certificadoBase64?: string }): Promise<CancelAnswer>;
  status(input: StatusQuery): Promise<StatusAnswer>;
  /** Stamps the PAC account has left; null when the PAC does not say (the product's own ledger counts). */
  balance(rfc: string): Promise<number | null>;
}

export const unavailable = (code: string, message: string): PacRefusal => ({
  ok: false,
  reason: 'pacUnavailable',
  code,
  message,
});
export const refused = (code: string, message: string): PacRefusal => ({ ok: false, reason: 'pacRefused', code, message });

/** The Zona Centro of Mexico's time system, whose clock the SAT's own dates (FechaTimbrado, a cancellation's
 * acuse) are written on, whatever the issuer's zone (TimbreFiscalDigitalv11.xsd). */
export const SAT_TIME_ZONE = 'America/Mexico_City';

/** The Zona Centro's wall clock, YYYY-MM-DDTHH:mm:ss: how a PAC writes FechaTimbrado. (A CFDI's Fecha is the
 * issuer's local time instead: the condominium's zone, cfdis/issue.ts.) */
export const mexicoCityTime = (date: Date) => localTimestamp(date, SAT_TIME_ZONE);
