import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addTimbre, readTimbre, tfdCadenaOriginal, timbreElement } from '../../server/domain/invoicing/cfdi/tfd';
import type { TimbreFiscal } from '../../server/domain/invoicing/cfdi/types';

const SAT = '/work/shared/cfdi/sat/www.sat.gob.mx/sitio_internet/cfd';
const TFD_XSLT = join(SAT, 'TimbreFiscalDigital/cadenaoriginal_TFD_1_1.xslt');
const TFD_XSD = join(SAT, 'TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd');

const timbre: TimbreFiscal = {
  uuid: 'AB4E2D9C-1F0A-4B5C-9D8E-7F6A5B4C3D2E',
  fechaTimbrado: '2026-06-15T06:00:00',
  rfcProvCertif: 'SPR190613I52',
  selloCfd: 'c2VsbG8gZGVsIGNmZGk+/w==',
  noCertificadoSat: '30001000000500003456',
  selloSat: 'c2VsbG8gZGVsIHNhdA==',
};

const bareCfdi = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" Version="4.0"><cfdi:Emisor Rfc="EKU9003173C9"/>${inner}</cfdi:Comprobante>`;

describe('Timbre Fiscal Digital 1.1', () => {
  it('writes the cadena original the SAT stylesheet writes', () => {
    const fromSat = execFileSync('xsltproc', [TFD_XSLT, '-'], {
      input: timbreElement(timbre),
      stdio: ['pipe', 'pipe', 'ignore'],
    }).toString();
    expect(tfdCadenaOriginal(timbre)).toBe(fromSat);
    expect(fromSat).toBe(`||1.1|${timbre.uuid}|2026-06-15T06:00:00|SPR190613I52|${timbre.selloCfd}|30001000000500003456||`);
  });

  it('writes an element the TimbreFiscalDigitalv11 schema accepts', () => {
    expect(() =>
      execFileSync('xmllint', ['--noout', '--schema', TFD_XSD, '-'], {
        input: timbreElement(timbre),
        stdio: ['pipe', 'pipe', 'pipe'],
      }),
    ).not.toThrow();
  });

  it('goes in a new cfdi:Complemento, after the existing complements, before an Addenda', () => {
    const plain = addTimbre(bareCfdi(''), timbre);
    expect(plain).toMatch(
      /<cfdi:Emisor Rfc="EKU9003173C9"\/><cfdi:Complemento><tfd:TimbreFiscalDigital [^>]*\/><\/cfdi:Complemento><\/cfdi:Comprobante>$/,
    );
    // The Comprobante declares xsi already: the timbre does not again.
    expect(plain.match(/xmlns:xsi=/g)).toHaveLength(1);

    const pagos = addTimbre(
      bareCfdi('<cfdi:Complemento><pago20:Pagos xmlns:pago20="http://www.sat.gob.mx/Pagos20" Version="2.0"/></cfdi:Complemento>'),
      timbre,
    );
    expect(pagos).toMatch(/<pago20:Pagos [^>]*\/><tfd:TimbreFiscalDigital [^>]*\/><\/cfdi:Complemento>/);

    const empty = addTimbre(bareCfdi('<cfdi:Complemento/>'), timbre);
    expect(empty).toMatch(/<cfdi:Complemento><tfd:TimbreFiscalDigital [^>]*\/><\/cfdi:Complemento><\/cfdi:Comprobante>$/);

    const addenda = addTimbre(bareCfdi('<cfdi:Addenda><x/></cfdi:Addenda>'), timbre);
    expect(addenda).toMatch(/<\/cfdi:Complemento><cfdi:Addenda>/);
  });

  it('reads back what it wrote, and null when there is none', () => {
    expect(readTimbre(addTimbre(bareCfdi(''), timbre))).toEqual(timbre);
    expect(readTimbre(bareCfdi(''))).toBeNull();
    expect(readTimbre('<no es xml')).toBeNull();
  });

  it('leaves every byte before the timbre as it was (the seal covers them)', () => {
    const original = bareCfdi('<cfdi:Conceptos/>');
    const stamped = addTimbre(original, timbre);
    expect(stamped.startsWith(original.slice(0, original.indexOf('</cfdi:Comprobante>')))).toBe(true);
  });
});
