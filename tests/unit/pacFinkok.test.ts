// Finkok cannot be reached from here: the requests are checked against the shapes Finkok documents, and the
// answers are recorded shapes of its SOAP responses, given through a fake fetch at the edge.
import { describe, expect, it } from 'vitest';
import { addTimbre } from '../../server/domain/invoicing/cfdi/tfd';
import type { TimbreFiscal } from '../../server/domain/invoicing/cfdi/types';
import { createFinkokPac } from '../../server/domain/invoicing/pac/finkok';
import { pacFromConfig } from '../../server/domain/invoicing/pac/fromConfig';

interface Sent {
  url: string;
  soapAction: string;
  body: string;
}

function fakeFetch(answers: (string | Error | { status: number; body: string })[]) {
  const sent: Sent[] = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    sent.push({ url: String(url), soapAction: headers.get('SOAPAction') ?? '', body: String(init?.body) });
    const answer = answers.shift();
    if (answer === undefined) throw new Error('no recorded answer left');
    if (answer instanceof Error) throw answer;
    const { status, body } = typeof answer === 'string' ? { status: 200, body: answer } : answer;
    return new Response(body, { status, headers: { 'Content-Type': 'text/xml' } });
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

const pacWith = (answers: Parameters<typeof fakeFetch>[0]) => {
  const fake = fakeFetch(answers);
  const pac = createFinkokPac({
    url: 'https://demo-facturacion.finkok.com/',
    username: 'user@example.mx',
    password: 'p&ss<',
    fetch: fake.fetch,
  });
  return { pac, sent: fake.sent };
};

const timbre: TimbreFiscal = {
  uuid: 'AB4E2D9C-1F0A-4B5C-9D8E-7F6A5B4C3D2E',
  fechaTimbrado: '2026-06-15T06:00:00',
  rfcProvCertif: 'CVD110412TF6',
  selloCfd: 'c2VsbG8=',
  noCertificadoSat: '30001000000500003456',
  selloSat: 'c2F0',
};
const sealed =
  '<?xml version="1.0" encoding="UTF-8"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" Version="4.0" Sello="c2VsbG8="><cfdi:Emisor Rfc="EKU9003173C9"/></cfdi:Comprobante>';
const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const stampResponse = (inner: string) =>
  `<?xml version='1.0' encoding='UTF-8'?><senv:Envelope xmlns:senv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tns="http://facturacion.finkok.com/stamp" xmlns:s0="apps.services.soap.core.views"><senv:Body><tns:stampResponse><tns:stampResult>${inner}</tns:stampResult></tns:stampResponse></senv:Body></senv:Envelope>`;

describe('Finkok stamp', () => {
  it('sends the sealed CFDI in base64 with the account, to stamp.wsdl', async () => {
    const stamped = addTimbre(sealed, timbre);
    const { pac, sent } = pacWith([
      stampResponse(
        `<s0:xml>${escapeXml(stamped)}</s0:xml><s0:UUID>${timbre.uuid}</s0:UUID><s0:Fecha>2026-06-15T06:00:00</s0:Fecha><s0:CodEstatus>Comprobante timbrado satisfactoriamente</s0:CodEstatus><s0:SatSeal>c2F0</s0:SatSeal><s0:Incidencias/><s0:NoCertificadoSAT>30001000000500003456</s0:NoCertificadoSAT>`,
      ),
    ]);
    expect(await pac.stamp(sealed)).toEqual({ ok: true, xml: stamped, timbre });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('https://demo-facturacion.finkok.com/servicios/soap/stamp.wsdl');
    expect(sent[0]?.soapAction).toBe('"stamp"');
    expect(sent[0]?.body).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:stamp="http://facturacion.finkok.com/stamp"><soapenv:Header/><soapenv:Body><stamp:stamp><stamp:xml>${Buffer.from(sealed).toString('base64')}</stamp:xml><stamp:username>user@example.mx</stamp:username><stamp:password>p&amp;ss&lt;</stamp:password></stamp:stamp></soapenv:Body></soapenv:Envelope>`,
    );
  });

  it('gives Finkok’s incidencia as the refusal', async () => {
    const { pac } = pacWith([
      stampResponse(
        '<s0:Incidencias><s0:Incidencia><s0:IdIncidencia>1</s0:IdIncidencia><s0:RfcEmisor>EKU9003173C9</s0:RfcEmisor><s0:CodigoError>CFDI40102</s0:CodigoError><s0:MensajeIncidencia>El resultado de la digestión debe ser igual al resultado de la desencripción del sello.</s0:MensajeIncidencia><s0:NoCertificadoPac/><s0:WorkProcessId>1</s0:WorkProcessId></s0:Incidencia></s0:Incidencias>',
      ),
    ]);
    expect(await pac.stamp(sealed)).toEqual({
      ok: false,
      reason: 'pacRefused',
      code: 'CFDI40102',
      message: 'El resultado de la digestión debe ser igual al resultado de la desencripción del sello.',
    });
  });

  it('takes a 307 (timbre previo) with its xml as the earlier stamp', async () => {
    const stamped = addTimbre(sealed, timbre);
    const { pac } = pacWith([
      stampResponse(
        `<s0:xml>${escapeXml(stamped)}</s0:xml><s0:UUID>${timbre.uuid}</s0:UUID><s0:Incidencias><s0:Incidencia><s0:CodigoError>307</s0:CodigoError><s0:MensajeIncidencia>El CFDI contiene un timbre previo</s0:MensajeIncidencia></s0:Incidencia></s0:Incidencias>`,
      ),
    ]);
    expect(await pac.stamp(sealed)).toMatchObject({ ok: true, timbre });
  });

  it('is unavailable when the network, HTTP or SOAP fails', async () => {
    const { pac } = pacWith([
      new Error('getaddrinfo ENOTFOUND'),
      { status: 503, body: 'Service Unavailable' },
      {
        status: 500,
        body: '<senv:Envelope xmlns:senv="http://schemas.xmlsoap.org/soap/envelope/"><senv:Body><senv:Fault><faultcode>senv:Server</faultcode><faultstring>Internal error</faultstring></senv:Fault></senv:Body></senv:Envelope>',
      },
    ]);
    expect(await pac.stamp(sealed)).toMatchObject({ ok: false, reason: 'pacUnavailable', code: 'network' });
    expect(await pac.stamp(sealed)).toMatchObject({ ok: false, reason: 'pacUnavailable', code: 'http-503' });
    expect(await pac.stamp(sealed)).toMatchObject({
      ok: false,
      reason: 'pacUnavailable',
      code: 'soap-fault',
      message: expect.stringContaining('Internal error'),
    });
  });
});

const cancelResponse = (estatus: string) =>
  `<senv:Envelope xmlns:senv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tns="http://facturacion.finkok.com/cancel" xmlns:s0="apps.services.soap.core.views"><senv:Body><tns:cancelResponse><tns:cancelResult><s0:Folios><s0:Folio><s0:EstatusUUID>${estatus}</s0:EstatusUUID><s0:UUID>${timbre.uuid}</s0:UUID><s0:EstatusCancelacion>Cancelado sin aceptación</s0:EstatusCancelacion></s0:Folio></s0:Folios><s0:Acuse>&lt;Acuse Fecha="2026-06-15T07:00:00"/&gt;</s0:Acuse><s0:Fecha>2026-06-15T07:00:00.123456</s0:Fecha><s0:RfcEmisor>EKU9003173C9</s0:RfcEmisor></tns:cancelResult></tns:cancelResponse></senv:Body></senv:Envelope>`;

describe('Finkok cancel and status', () => {
  const input = { uuid: timbre.uuid.toLowerCase(), rfcEmisor: 'EKU9003173C9', rfcReceptor: 'XOJI740919U48', totalCents: 116_000 };

  it('sends the UUID with its Motivo and FolioSustitucion, the RFC and the certificate', async () => {
    const { pac, sent } = pacWith([cancelResponse('201')]);
    const answer = await pac.cancel({
      ...input,
      reason: '01',
      replacementUuid: 'aaaaaaaa-1111-4222-8333-444444444444',
      certificadoBase64: 'TUlJQw==',
    });
    expect(answer).toEqual({ ok: true, acuse: '<Acuse Fecha="2026-06-15T07:00:00"/>', cancelledAt: '2026-06-15T13:00:00.000Z' });
    expect(sent[0]?.url).toBe('https://demo-facturacion.finkok.com/servicios/soap/cancel.wsdl');
    expect(sent[0]?.body).toContain(
      `<can:cancel><can:UUIDS><apps:UUID UUID="${timbre.uuid}" FolioSustitucion="AAAAAAAA-1111-4222-8333-444444444444" Motivo="01"/></can:UUIDS><can:username>user@example.mx</can:username><can:password>p&amp;ss&lt;</can:password><can:taxpayer_id>EKU9003173C9</can:taxpayer_id><can:cer>`,
    );
    const cer = /<can:cer>([^<]+)<\/can:cer>/.exec(sent[0]?.body ?? '')?.[1] ?? '';
    expect(Buffer.from(cer, 'base64').toString()).toBe('-----BEGIN CERTIFICATE-----\nTUlJQw==\n-----END CERTIFICATE-----\n');
    expect(sent[0]?.body).toContain('<can:store_pending>false</can:store_pending></can:cancel>');
  });

  it('takes 202 (previamente cancelado) as done and refuses the rest with its meaning', async () => {
    const { pac } = pacWith([cancelResponse('202'), cancelResponse('205')]);
    expect(await pac.cancel({ ...input, reason: '02' })).toMatchObject({ ok: true });
    expect(await pac.cancel({ ...input, reason: '02' })).toEqual({
      ok: false,
      reason: 'pacRefused',
      code: '205',
      message: 'El UUID no existe.',
    });
  });

  it('asks the SAT status with the four data and reads its answer', async () => {
    const { pac, sent } = pacWith([
      '<senv:Envelope xmlns:senv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tns="http://facturacion.finkok.com/cancel" xmlns:s0="apps.services.soap.core.views"><senv:Body><tns:get_sat_statusResponse><tns:get_sat_statusResult><s0:sat><s0:EsCancelable>Cancelable sin aceptación</s0:EsCancelable><s0:CodigoEstatus>S - Comprobante obtenido satisfactoriamente.</s0:CodigoEstatus><s0:Estado>Vigente</s0:Estado><s0:EstatusCancelacion/></s0:sat></tns:get_sat_statusResult></tns:get_sat_statusResponse></senv:Body></senv:Envelope>',
    ]);
    expect(await pac.status(input)).toEqual({ estado: 'Vigente', esCancelable: 'Cancelable sin aceptación' });
    expect(sent[0]?.body).toContain(
      `<can:taxpayer_id>EKU9003173C9</can:taxpayer_id><can:rtaxpayer_id>XOJI740919U48</can:rtaxpayer_id><can:uuid>${timbre.uuid}</can:uuid><can:total>1160.00</can:total></can:get_sat_status>`,
    );
  });

  it('reads the credit of the RFC, null when unlimited or unreachable', async () => {
    const answer = (credit: string) =>
      `<senv:Envelope xmlns:senv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tns="http://facturacion.finkok.com/registration" xmlns:s0="apps.services.soap.core.views"><senv:Body><tns:getResponse><tns:getResult><s0:users><s0:ResellerUser><s0:status>A</s0:status><s0:counter>12</s0:counter><s0:taxpayer_id>EKU9003173C9</s0:taxpayer_id><s0:credit>${credit}</s0:credit></s0:ResellerUser></s0:users></tns:getResult></tns:getResponse></senv:Body></senv:Envelope>`;
    const { pac, sent } = pacWith([answer('88'), answer('-1'), new Error('offline')]);
    expect(await pac.balance('EKU9003173C9')).toBe(88);
    expect(sent[0]?.url).toBe('https://demo-facturacion.finkok.com/servicios/soap/registration.wsdl');
    expect(sent[0]?.body).toContain('<reg:get><reg:reseller_username>user@example.mx</reg:reseller_username>');
    expect(await pac.balance('EKU9003173C9')).toBeNull();
    expect(await pac.balance('EKU9003173C9')).toBeNull();
  });
});

describe('pacFromConfig', () => {
  it('is the sandbox by default and Finkok when configured', () => {
    expect(pacFromConfig({}).name).toBe('sandbox');
    expect(pacFromConfig({ PAC: 'sandbox' }).name).toBe('sandbox');
    expect(
      pacFromConfig({ PAC: 'finkok', PAC_URL: 'https://demo-facturacion.finkok.com', PAC_USER: 'u', PAC_PASSWORD: 'p' }).name,
    ).toBe('finkok');
  });

  it('refuses a PAC it does not know, or Finkok without its settings', () => {
    expect(() => pacFromConfig({ PAC: 'finkok', PAC_URL: 'https://x' })).toThrow(/PAC_USER/);
    expect(() => pacFromConfig({ PAC: 'otro' })).toThrow(/sandbox, finkok/);
  });
});
