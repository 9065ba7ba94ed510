import { execFileSync } from 'node:child_process';
import { createVerify } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTimbre, tfdCadenaOriginal, timbreElement } from '../../server/domain/invoicing/cfdi/tfd';
import { openPrivateKey, signCadena } from '../../server/domain/invoicing/csd/seal';
import { mexicoCityTime } from '../../server/domain/invoicing/pac/adapter';
import { createSandboxPac, zoneOfPostalCode } from '../../server/domain/invoicing/pac/sandbox';
import { localTimestamp } from '../../server/domain/shared/zonedTime';
import { TEST_CSD_NO_CERTIFICADO, TEST_CSD_NOW, TEST_CSD_PASSWORD, type TestCsdName, testCsd } from '../support/testCsd';

const SAT = '/work/shared/cfdi/sat/www.sat.gob.mx/sitio_internet/cfd';
const CADENA_XSLT = join(SAT, '4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt');
const TFD_XSD = join(SAT, 'TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd');

/** The SAT's stylesheet is the cadena's reference: the sandbox checks seals with it here. */
const satCadena = (xml: string) =>
  execFileSync('xsltproc', [CADENA_XSLT, '-'], { input: xml, stdio: ['pipe', 'pipe', 'ignore'] }).toString();

const now = () => TEST_CSD_NOW;
const anHourAgo = () => mexicoCityTime(new Date(TEST_CSD_NOW.getTime() - 3_600_000));

interface CfdiOptions {
  csd?: TestCsdName;
  fecha?: string;
  lugarExpedicion?: string;
  rfcEmisor?: string;
  noCertificado?: string;
  total?: string;
}

/** A small Ingreso sealed with a test CSD (what the engine makes, written out by hand). */
function sealedCfdi(options: CfdiOptions = {}): string {
  const { cer, key, password } = testCsd(options.csd ?? 'csd');
  const total = options.total ?? '1160.00';
  const unsealed = `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd" Version="4.0" Serie="A" Folio="1" Fecha="${options.fecha ?? anHourAgo()}" FormaPago="03" NoCertificado="${options.noCertificado ?? TEST_CSD_NO_CERTIFICADO}" Certificado="${cer.toString('base64')}" SubTotal="1000.00" Moneda="MXN" Total="${total}" TipoDeComprobante="I" Exportacion="01" MetodoPago="PUE" LugarExpedicion="${options.lugarExpedicion ?? '20000'}" Sello="@SELLO@">
<cfdi:Emisor Rfc="${options.rfcEmisor ?? 'EKU9003173C9'}" Nombre="ESCUELA KEMPER URGATE" RegimenFiscal="601"/>
<cfdi:Receptor Rfc="XOJI740919U48" Nombre="INGRID XODAR JIMENEZ" DomicilioFiscalReceptor="88965" RegimenFiscalReceptor="612" UsoCFDI="G03"/>
<cfdi:Conceptos><cfdi:Concepto ClaveProdServ="80131500" Cantidad="1" ClaveUnidad="E48" Descripcion="Cuota de mantenimiento" ValorUnitario="1000.00" Importe="1000.00" ObjetoImp="02"><cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado Base="1000.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="160.00"/></cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto></cfdi:Conceptos>
<cfdi:Impuestos TotalImpuestosTrasladados="160.00"><cfdi:Traslados><cfdi:Traslado Base="1000.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="160.00"/></cfdi:Traslados></cfdi:Impuestos>
</cfdi:Comprobante>`;
  const sello = signCadena(satCadena(unsealed), openPrivateKey(key, password));
  return unsealed.replace('@SELLO@', sello);
}

const sandbox = (validate: (xml: string) => Promise<string[]> = async () => []) =>
  createSandboxPac({ now, cadenaOf: satCadena, validate });

describe('the sandbox PAC', () => {
  it('stamps a good CFDI: a TFD 1.1 the schema accepts, whose SelloSAT verifies over its cadena', async () => {
    const pac = sandbox();
    const xml = sealedCfdi();
    const answer = await pac.stamp(xml);
    if (!answer.ok) throw new Error(`${answer.code} ${answer.message}`);
    const { timbre } = answer;
    expect(timbre.uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(timbre).toMatchObject({
      fechaTimbrado: mexicoCityTime(TEST_CSD_NOW),
      rfcProvCertif: 'SPR190613I52',
      noCertificadoSat: '30001000000500003456',
      selloCfd: /Sello="([^"]+)"/.exec(xml)?.[1],
    });
    expect(readTimbre(answer.xml)).toEqual(timbre);
    expect(answer.xml.startsWith(xml.slice(0, xml.indexOf('</cfdi:Comprobante>')))).toBe(true);
    expect(() =>
      execFileSync('xmllint', ['--noout', '--schema', TFD_XSD, '-'], {
        input: timbreElement(timbre),
        stdio: ['pipe', 'pipe', 'pipe'],
      }),
    ).not.toThrow();
    const verifies = createVerify('RSA-SHA256')
      .update(tfdCadenaOriginal(timbre))
      .verify(pac.satPublicKeyPem, timbre.selloSat, 'base64');
    expect(verifies).toBe(true);
    // The stamped CFDI's own cadena is still the one sealed: the timbre is outside it.
    expect(satCadena(answer.xml)).toBe(satCadena(xml));
  });

  it('answers the same timbre to the same sealed CFDI sent again (a retry)', async () => {
    const pac = sandbox();
    const xml = sealedCfdi();
    const first = await pac.stamp(xml);
    const second = await pac.stamp(xml);
    expect(first.ok && second.ok && second.timbre.uuid === first.timbre.uuid).toBe(true);
    if (!first.ok) return;
    const again = await pac.stamp(first.xml);
    expect(again.ok && again.timbre.uuid).toBe(first.timbre.uuid);
  });

  it.each([
    ['a seal that does not verify', () => sealedCfdi().replace(/Sello="[^"]{8}/, 'Sello="AAAAAAAA'), '302'],
    ['a total changed after sealing', () => sealedCfdi().replace('Total="1160.00"', 'Total="1161.00"'), '302'],
    ['an issuer that is not the certificate’s', () => sealedCfdi({ rfcEmisor: 'XOJI740919U48' }), '303'],
    ['a NoCertificado that is not the certificate’s', () => sealedCfdi({ noCertificado: '30001000000500009999' }), '303'],
    ['a FIEL', () => sealedCfdi({ csd: 'fiel', noCertificado: '30001000000500003417' }), '306'],
    ['an expired CSD', () => sealedCfdi({ csd: 'expired', noCertificado: '30001000000500003418' }), '305'],
    [
      'a Fecha older than 72 hours',
      () => sealedCfdi({ fecha: mexicoCityTime(new Date(TEST_CSD_NOW.getTime() - 73 * 3_600_000)) }),
      '401',
    ],
    ['a Fecha in the future', () => sealedCfdi({ fecha: mexicoCityTime(new Date(TEST_CSD_NOW.getTime() + 3_600_000)) }), '401'],
    ['a Certificado that is not one', () => sealedCfdi().replace(/ Certificado="[^"]+"/, ' Certificado="bm8gZXM="'), '308'],
    ['text that is not XML', () => '<cfdi:Comprobante', '301'],
    ['XML that is not a CFDI 4.0', () => '<Comprobante Version="4.0"/>', '301'],
  ])('refuses %s (%s)', async (_what, xml, code) => {
    const answer = await sandbox().stamp(xml());
    expect(answer).toMatchObject({ ok: false, reason: 'pacRefused', code });
    expect(answer.ok || answer.message.length > 10).toBe(true);
  });

  it('accepts a Fecha 71 hours old', async () => {
    const answer = await sandbox().stamp(
      sealedCfdi({ fecha: mexicoCityTime(new Date(TEST_CSD_NOW.getTime() - 71 * 3_600_000)) }),
    );
    expect(answer.ok).toBe(true);
  });

  it("reads the Fecha in the zone of the LugarExpedicion's postal code, as the SAT does", async () => {
    expect(zoneOfPostalCode('20000')).toBe('America/Mexico_City');
    expect(zoneOfPostalCode('22000')).toBe('America/Tijuana');
    expect(zoneOfPostalCode('77500')).toBe('America/Cancun');
    expect(zoneOfPostalCode('83000')).toBe('America/Hermosillo');
    expect(zoneOfPostalCode('82000')).toBe('America/Mazatlan');
    // Now in Cancún is an hour ahead of Mexico City's clock: right for a CFDI issued there, the future elsewhere.
    const cancunNow = localTimestamp(TEST_CSD_NOW, 'America/Cancun');
    expect((await sandbox().stamp(sealedCfdi({ fecha: cancunNow, lugarExpedicion: '77500' }))).ok).toBe(true);
    expect(await sandbox().stamp(sealedCfdi({ fecha: cancunNow }))).toMatchObject({ ok: false, code: '401' });
    // Tijuana's clock is behind Mexico City's (UTC−7 in June): an hour ahead there is still the future.
    const tijuanaLater = localTimestamp(new Date(TEST_CSD_NOW.getTime() + 3_600_000), 'America/Tijuana');
    expect(await sandbox().stamp(sealedCfdi({ fecha: tijuanaLater, lugarExpedicion: '22000' }))).toMatchObject({
      ok: false,
      code: '401',
    });
    const tijuanaNow = localTimestamp(TEST_CSD_NOW, 'America/Tijuana');
    expect((await sandbox().stamp(sealedCfdi({ fecha: tijuanaNow, lugarExpedicion: '22000' }))).ok).toBe(true);
  });

  it('refuses a Fecha that is no date', async () => {
    expect(await sandbox().stamp(sealedCfdi({ fecha: '2026-06-15T25:00:00' }))).toMatchObject({ ok: false, code: '301' });
  });

  it('refuses what the SAT schemas refuse, with their words', async () => {
    const answer = await sandbox(async () => ["Element 'cfdi:Concepto': The attribute 'ObjetoImp' is required."]).stamp(
      sealedCfdi(),
    );
    expect(answer).toMatchObject({ ok: false, code: '301', message: expect.stringContaining('ObjetoImp') });
  });

  it('fails the next call when told to, then stamps again', async () => {
    const pac = sandbox();
    pac.failNext('CFDI40102', 'El resultado de la digestión debe ser igual al resultado de la desencripción del sello.');
    expect(await pac.stamp(sealedCfdi())).toEqual({
      ok: false,
      reason: 'pacRefused',
      code: 'CFDI40102',
      message: 'El resultado de la digestión debe ser igual al resultado de la desencripción del sello.',
    });
    pac.failNext('network', 'El PAC no responde.', 'pacUnavailable');
    expect(await pac.stamp(sealedCfdi())).toMatchObject({ ok: false, reason: 'pacUnavailable', code: 'network' });
    expect((await pac.stamp(sealedCfdi())).ok).toBe(true);
  });

  it('cancels what it stamped, says so in the status, and refuses the unknown', async () => {
    const pac = sandbox();
    const answer = await pac.stamp(sealedCfdi());
    if (!answer.ok) throw new Error(answer.message);
    const uuid = answer.timbre.uuid;
    const query = { uuid, rfcEmisor: 'EKU9003173C9', rfcReceptor: 'XOJI740919U48', totalCents: 116_000 };
    expect(await pac.status(query)).toEqual({ estado: 'Vigente', esCancelable: 'Cancelable sin aceptación' });
    expect(await pac.status({ ...query, totalCents: 116_001 })).toEqual({ estado: 'No Encontrado', esCancelable: '' });

    const base = { uuid, rfcEmisor: 'EKU9003173C9', rfcReceptor: 'XOJI740919U48', totalCents: 116_000 };
    expect(await pac.cancel({ ...base, reason: '01' })).toMatchObject({ ok: false, code: 'CA301' });
    expect(await pac.cancel({ ...base, rfcEmisor: 'XOJI740919U48', reason: '02' })).toMatchObject({ ok: false, code: '203' });
    expect(await pac.cancel({ ...base, uuid: '00000000-0000-4000-8000-000000000000', reason: '02' })).toMatchObject({
      ok: false,
      reason: 'pacRefused',
      code: '205',
    });
    pac.failNext('1308', 'Certificado revocado o caduco.');
    expect(await pac.cancel({ ...base, reason: '02' })).toMatchObject({ ok: false, code: '1308' });

    const cancelled = await pac.cancel({ ...base, reason: '02' });
    expect(cancelled).toMatchObject({ ok: true, cancelledAt: TEST_CSD_NOW.toISOString() });
    expect(cancelled.ok && cancelled.acuse).toContain(`<UUID>${uuid}</UUID>`);
    expect(await pac.status(query)).toEqual({ estado: 'Cancelado', esCancelable: 'No cancelable' });
    // A retry of the cancellation answers the same acuse.
    expect(await pac.cancel({ ...base, reason: '02' })).toEqual(cancelled);
    expect(await pac.balance('EKU9003173C9')).toBeNull();
  });

  it('cancels with reason 01 naming the replacement', async () => {
    const pac = sandbox();
    const first = await pac.stamp(sealedCfdi());
    const second = await pac.stamp(sealedCfdi({ total: '1160.00', fecha: anHourAgo().replace(/:\d\d$/, ':01') }));
    if (!first.ok || !second.ok) throw new Error('not stamped');
    const base = { uuid: first.timbre.uuid, rfcEmisor: 'EKU9003173C9', rfcReceptor: 'XOJI740919U48', totalCents: 116_000 };
    expect(await pac.cancel({ ...base, reason: '01', replacementUuid: first.timbre.uuid })).toMatchObject({
      ok: false,
      code: 'CA302',
    });
    const answer = await pac.cancel({ ...base, reason: '01', replacementUuid: second.timbre.uuid });
    expect(answer.ok && answer.acuse).toContain(`<FolioSustitucion>${second.timbre.uuid}</FolioSustitucion>`);
  });

  it('checks nothing of the seal without a cadena (tests that say so)', async () => {
    const pac = createSandboxPac({ now, validate: async () => [] });
    const answer = await pac.stamp(sealedCfdi().replace(/Sello="[^"]{8}/, 'Sello="AAAAAAAA'));
    expect(answer.ok).toBe(true);
  });

  it('uses TEST_CSD_PASSWORD for the key', () => {
    expect(() => openPrivateKey(testCsd().key, TEST_CSD_PASSWORD)).not.toThrow();
  });
});
