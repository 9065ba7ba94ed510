// Every kind of CFDI the product writes, checked against the SAT's own files: the XML validates against the
// official XSDs (../shared/cfdi), our cadena original is byte for byte what the SAT's stylesheet makes of the
// same XML (xsltproc), and the seal made over it verifies with the public key. Plus the SAT rules a draft must
// meet, the verification URL, and reading a CFDI back.
import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeTotals } from '../../server/domain/invoicing/cfdi/amounts';
import { buildCfdi } from '../../server/domain/invoicing/cfdi/build';
import { draftProblems } from '../../server/domain/invoicing/cfdi/problems';
import { readCfdi } from '../../server/domain/invoicing/cfdi/readCfdi';
import type { CfdiDraft, IngresoDraft, PagoDraft } from '../../server/domain/invoicing/cfdi/types';
import { validateAgainstSat } from '../../server/domain/invoicing/cfdi/validate';
import { verificationTotal, verificationUrl } from '../../server/domain/invoicing/cfdi/verificationUrl';
import { cadenaOfXml } from '../../server/domain/invoicing/cfdi/xmlTree';
import { satCadena, validateCfdi } from '../support/satValidation';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const certificate = {
  noCertificado: '30001000000500003416',
  certificadoBase64: 'MIIFuzCCA6OgAwIBAgIUMzAwMDEwMDAwMDA1MDAwMDM0MTYw',
};
const issuer = { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601', lugarExpedicion: '42501' };
const rosa = {
  rfc: 'XIQB891116QE4',
  nombre: 'ROSA & "LA ÑAÑA" <LÓPEZ>',
  domicilioFiscal: '06600',
  regimenFiscal: '612',
  usoCfdi: 'G03',
};
const publico = {
  rfc: 'XAXX010101000',
  nombre: 'PUBLICO EN GENERAL',
  domicilioFiscal: '42501',
  regimenFiscal: '616',
  usoCfdi: 'S01',
};

const fee: IngresoDraft = {
  kind: 'I',
  serie: 'A',
  folio: '17',
  fecha: '2026-11-20T10:15:00',
  issuer,
  receiver: rosa,
  formaPago: '03',
  metodoPago: 'PUE',
  moneda: 'MXN',
  concepts: [
    {
      claveProdServ: '72101507',
      cantidad: '1',
      claveUnidad: 'E48',
      unidad: 'Servicio',
      descripcion: 'Cuota de mantenimiento   noviembre 2026',
      valorUnitarioCents: 250000,
      objetoImp: '01',
      iva: null,
    },
    {
      claveProdServ: '80131500',
      noIdentificacion: 'RES-9',
      cantidad: '2.5',
      claveUnidad: 'E48',
      descripcion: 'Reservación del salón <Jardín> & terraza',
      valorUnitarioCents: 33333,
      descuentoCents: 1000,
      objetoImp: '02',
      iva: 'tasa16',
    },
    {
      claveProdServ: '80131500',
      cantidad: '1',
      claveUnidad: 'E48',
      descripcion: 'Exento',
      valorUnitarioCents: 10000,
      objetoImp: '02',
      iva: 'exento',
    },
  ],
};

const ppd: IngresoDraft = { ...fee, folio: '18', metodoPago: 'PPD', formaPago: '99' };

const global: IngresoDraft = {
  kind: 'I',
  serie: 'G',
  folio: '1',
  fecha: '2026-11-30T20:00:00',
  issuer,
  receiver: publico,
  formaPago: '01',
  metodoPago: 'PUE',
  moneda: 'MXN',
  informacionGlobal: { periodicidad: '04', meses: '11', anio: 2026 },
  concepts: [
    {
      claveProdServ: '01010101',
      noIdentificacion: 'T-1',
      cantidad: '1',
      claveUnidad: 'ACT',
      descripcion: 'Venta',
      valorUnitarioCents: 11600,
      objetoImp: '02',
      iva: 'tasa16',
    },
    {
      claveProdServ: '01010101',
      noIdentificacion: 'T-2',
      cantidad: '1',
      claveUnidad: 'ACT',
      descripcion: 'Venta',
      valorUnitarioCents: 5000,
      objetoImp: '02',
      iva: 'tasa16',
    },
  ],
};

const replacing: IngresoDraft = {
  ...fee,
  folio: '19',
  related: { tipoRelacion: '04', uuids: ['5FB2822E-396D-4725-8521-CDC4BDD20CCF'] },
};

const ppdTotals = computeTotals(ppd.concepts);
const payment = (amounts: number[]): PagoDraft => ({
  kind: 'P',
  serie: 'P',
  folio: '3',
  fecha: '2026-11-25T09:00:00',
  issuer,
  receiver: { ...rosa, usoCfdi: 'CP01' },
  pago: {
    fechaPago: '2026-11-24T12:00:00',
    formaDePagoP: '03',
    montoCents: amounts.reduce((a, b) => a + b, 0),
    documents: amounts.map((paid, index) => ({
      uuid: index === 0 ? '5FB2822E-396D-4725-8521-CDC4BDD20CCF' : 'A1B2C3D4-0000-4000-8000-000000000002',
      serie: 'A',
      folio: String(18 + index),
      numParcialidad: index + 1,
      saldoAnteriorCents: ppdTotals.totalCents,
      importePagadoCents: paid,
      invoiceTotals: ppdTotals,
      objetoImp: '02',
    })),
  },
});

const sign = (cadena: string) => createSign('RSA-SHA256').update(cadena, 'utf8').sign(privateKey, 'base64');

const cases: [string, CfdiDraft][] = [
  ['an Ingreso PUE with IVA 16 %, Exento, a discount and characters to escape', fee],
  ['an Ingreso PPD', ppd],
  ['a global invoice to público en general', global],
  ['an Ingreso that replaces a cancelled one (CfdiRelacionados 04)', replacing],
  ['a Pagos 2.0 complement paying part of one invoice', payment([100000])],
  ['a Pagos 2.0 complement paying two invoices in full', payment([ppdTotals.totalCents, ppdTotals.totalCents])],
];

describe('CFDI 4.0 written by the engine', () => {
  it.each(cases)('%s: validates against the SAT XSDs, its cadena is the stylesheet’s, its seal verifies', async (_, draft) => {
    const unsigned = buildCfdi(draft, certificate);
    const sello = sign(unsigned.cadenaOriginal);
    const xml = unsigned.sealed(sello);
    expect(await validateCfdi(xml)).toEqual([]);
    expect(unsigned.cadenaOriginal).toBe(satCadena(xml));
    expect(createVerify('RSA-SHA256').update(unsigned.cadenaOriginal, 'utf8').verify(publicKey, sello, 'base64')).toBe(true);
    expect(draftProblems(draft)).toEqual([]);
    // The sandbox PAC's own copies of the schemas agree with the official ones.
    expect(await validateAgainstSat(xml)).toEqual([]);
  });

  it('a stamped CFDI (with its Timbre Fiscal Digital 1.1) still validates', async () => {
    const unsigned = buildCfdi(fee, certificate);
    const xml = unsigned.sealed(sign(unsigned.cadenaOriginal));
    const tfd =
      '<cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" ' +
      'xsi:schemaLocation="http://www.sat.gob.mx/TimbreFiscalDigital http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd" ' +
      'Version="1.1" UUID="5FB2822E-396D-4725-8521-CDC4BDD20CCF" FechaTimbrado="2026-11-20T10:16:00" RfcProvCertif="SPR190613I52" ' +
      'SelloCFD="abc=" NoCertificadoSAT="30001000000500003456" SelloSAT="def="/></cfdi:Complemento>';
    const stamped = xml.replace('</cfdi:Comprobante>', `${tfd}</cfdi:Comprobante>`);
    expect(await validateCfdi(stamped)).toEqual([]);
    expect(readCfdi(stamped).timbre?.uuid).toBe('5FB2822E-396D-4725-8521-CDC4BDD20CCF');
  });

  it('the validator does refuse what the SAT refuses (it is not a rubber stamp)', async () => {
    const xml = buildCfdi(fee, certificate).sealed('x');
    expect(await validateCfdi(xml.replace('UsoCFDI="G03"', 'UsoCFDI="X99"'))).not.toEqual([]);
    expect(await validateCfdi(xml.replace(' Exportacion="01"', ''))).not.toEqual([]);
    expect(await validateCfdi(xml.replace('Total="', 'Total="-'))).not.toEqual([]);
  });

  it('the totals in the XML are the amounts module’s', () => {
    const read = readCfdi(buildCfdi(fee, certificate).sealed('x'));
    const totals = computeTotals(fee.concepts);
    expect([read.subtotalCents, read.descuentoCents, read.trasladosCents, read.totalCents]).toEqual([
      totals.subtotalCents,
      totals.descuentoCents,
      totals.trasladosCents,
      totals.totalCents,
    ]);
    expect(read.receptor.nombre).toBe(rosa.nombre);
    expect(read.concepts[0]?.descripcion).toBe('Cuota de mantenimiento   noviembre 2026');
  });

  it('a payment complement reads back its documents and balances', () => {
    const read = readCfdi(buildCfdi(payment([100000]), certificate).sealed('x'));
    expect(read.tipo).toBe('P');
    expect(read.pagos[0]?.documents[0]).toMatchObject({
      numParcialidad: 1,
      saldoAnteriorCents: ppdTotals.totalCents,
      pagadoCents: 100000,
      insolutoCents: ppdTotals.totalCents - 100000,
    });
  });
});

describe('the SAT rules a draft must meet before stamping', () => {
  it.each<[string, CfdiDraft, string]>([
    ['PPD with a forma de pago other than 99', { ...ppd, formaPago: '03' }, 'ppdNeedsForma99'],
    ['PUE with forma de pago 99', { ...fee, formaPago: '99' }, 'pueNeedsForma'],
    ['público en general without InformacionGlobal', { ...global, informacionGlobal: undefined }, 'publicoNeedsGlobal'],
    ['InformacionGlobal to a named client', { ...global, receiver: rosa }, 'globalNeedsPublico'],
    ['a company régimen on a person’s RFC', { ...fee, receiver: { ...rosa, regimenFiscal: '601' } }, 'receiverRegimenNotForRfc'],
    ['a person’s régimen on a company’s RFC', { ...fee, issuer: { ...issuer, regimenFiscal: '612' } }, 'issuerRegimenNotForRfc'],
    ['IVA on a concept not subject to tax', { ...fee, concepts: [{ ...fee.concepts[1]!, objetoImp: '01' }] }, 'ivaNeedsObjeto02'],
    ['a concept subject to tax without its IVA', { ...fee, concepts: [{ ...fee.concepts[1]!, iva: null }] }, 'objeto02NeedsIva'],
    [
      'a discount above the amount',
      { ...fee, concepts: [{ ...fee.concepts[1]!, descuentoCents: 9_000_000 }] },
      'discountOverAmount',
    ],
    ['a zero total', { ...fee, concepts: [{ ...fee.concepts[0]!, valorUnitarioCents: 0 }] }, 'zeroTotal'],
    ['paying more than the balance', payment([ppdTotals.totalCents + 1]), 'paymentOverBalance'],
    [
      'a Monto that is not the sum paid',
      { ...payment([100]), pago: { ...payment([100]).pago, montoCents: 200 } },
      'paymentSumMismatch',
    ],
  ])('%s', (_, draft, problem) => {
    expect(draftProblems(draft)).toContain(`invoicing.problem.${problem}`);
  });
});

describe('the SAT verification URL (the QR)', () => {
  it('carries the UUID, both RFCs, the total in the 18x6 format and the last 8 characters of the seal', () => {
    expect(
      verificationUrl({
        uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
        rfcEmisor: 'EKU9003173C9',
        rfcReceptor: 'A&A010101AAA',
        totalCents: 123450,
        sello: 'XXXXXXXXabcdefgh',
      }),
    ).toBe(
      'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=5FB2822E-396D-4725-8521-CDC4BDD20CCF' +
        '&re=EKU9003173C9&rr=A&amp;A010101AAA&tt=1234.5&fe=abcdefgh',
    );
  });

  it.each([
    [12345, '123.45'],
    [100000, '1000.0'],
    [0, '0.0'],
    [10, '0.1'],
  ])('tt of %i cents is %s', (cents, tt) => {
    expect(verificationTotal(cents)).toBe(tt);
  });
});

describe('the cadena of a CFDI read from its XML (the sandbox PAC checks seals with it)', () => {
  it.each(cases)('%s: the same cadena as the engine made before sealing, and as the SAT stylesheet', (_, draft) => {
    const unsigned = buildCfdi(draft, certificate);
    const xml = unsigned.sealed(sign(unsigned.cadenaOriginal));
    expect(cadenaOfXml(xml)).toBe(unsigned.cadenaOriginal);
  });
});
