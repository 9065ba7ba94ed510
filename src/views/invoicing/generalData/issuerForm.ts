// The issuer form's rules, checked in the browser with the contract's own rules before the server checks them
// again: the RFC's pattern, the régimen allowed for a persona física (13 characters) or moral (12), the CP.

import { is } from 'superstruct';
import {
  FOLIO_MAX,
  type IssuerDraft,
  PostalCode,
  RAZON_SOCIAL_MAX,
  REGIMEN_CODES,
  REGIMENES_FISCALES,
  type RegimenFiscal,
  RFC_PATTERN,
  rfcKind,
} from '../../../api/invoicing';
import type { IssuerRow } from '../../../machines/issuersMachine';

export interface IssuerValues {
  rfc: string;
  razonSocial: string;
  regimenFiscal: RegimenFiscal | '';
  lugarExpedicion: string;
  serie: string;
  nextFolio: string;
  modoInvoice: 'A' | 'M';
}

export type IssuerErrors = Partial<Record<keyof IssuerValues, string>>;

export const EMPTY_ISSUER: IssuerValues = {
  rfc: '',
  razonSocial: '',
  regimenFiscal: '',
  lugarExpedicion: '',
  serie: '',
  nextFolio: '1',
  modoInvoice: 'M',
};

export const valuesOf = (issuer: IssuerRow): IssuerValues => ({
  rfc: issuer.rfc,
  razonSocial: issuer.razonSocial,
  regimenFiscal: issuer.regimenFiscal,
  lugarExpedicion: issuer.lugarExpedicion,
  serie: issuer.serie,
  nextFolio: String(issuer.nextFolio),
  modoInvoice: issuer.modoInvoice,
});

/** The régimenes an RFC of this length may hold (all of them while the RFC is not valid yet). */
export function regimenesFor(rfc: string): RegimenFiscal[] {
  const clean = rfc.trim().toUpperCase();
  if (!RFC_PATTERN.test(clean)) return REGIMEN_CODES;
  const kind = rfcKind(clean);
  return REGIMEN_CODES.filter((code) => REGIMENES_FISCALES[code].includes(kind));
}

/** Message ids of what is wrong, by field; none when the draft can be sent. */
export function issuerErrors(values: IssuerValues): IssuerErrors {
  const errors: IssuerErrors = {};
  const rfc = values.rfc.trim().toUpperCase();
  if (!RFC_PATTERN.test(rfc)) errors.rfc = 'invoicing.generalData.error.rfc';
  const name = values.razonSocial.trim();
  if (name.length === 0 || name.length > RAZON_SOCIAL_MAX) errors.razonSocial = 'invoicing.generalData.error.razonSocial';
  if (values.regimenFiscal === '' || (!errors.rfc && !regimenesFor(rfc).includes(values.regimenFiscal)))
    errors.regimenFiscal = rfc.length === 13 ? 'invoicing.generalData.error.regimenF' : 'invoicing.generalData.error.regimenM';
  if (!is(values.lugarExpedicion.trim(), PostalCode)) errors.lugarExpedicion = 'invoicing.generalData.error.cp';
  if (!/^[A-Za-z0-9]{0,25}$/.test(values.serie.trim())) errors.serie = 'invoicing.generalData.error.serie';
  const folio = Number(values.nextFolio);
  if (!/^\d+$/.test(values.nextFolio.trim()) || folio < 1 || String(folio).length > FOLIO_MAX)
    errors.nextFolio = 'invoicing.generalData.error.folio';
  return errors;
}

export function draftOf(values: IssuerValues, editing: IssuerRow | null): IssuerDraft {
  return {
    ...(editing ? { id: editing.id, version: editing.version } : {}),
    rfc: values.rfc.trim().toUpperCase(),
    razonSocial: values.razonSocial.trim(),
    regimenFiscal: values.regimenFiscal as RegimenFiscal,
    lugarExpedicion: values.lugarExpedicion.trim(),
    serie: values.serie.trim(),
    nextFolio: Number(values.nextFolio),
    modoInvoice: values.modoInvoice,
  };
}
