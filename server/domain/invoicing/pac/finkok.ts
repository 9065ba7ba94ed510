// Finkok, a PAC with public SOAP services (wiki.finkok.com): stamp.wsdl (stamp), cancel.wsdl (cancel,
// get_sat_status) and registration.wsdl (get: the account's credit). Endpoints are
// <url>/servicios/soap/<service>.wsdl, e.g. https://demo-facturacion.finkok.com (their test environment) or
// https://facturacion.finkok.com. This machine cannot reach them: the envelopes are built and the answers read
// as Finkok documents them, checked against recorded shapes (tests/unit/pacFinkok.test.ts).
import { DOMParser } from '@xmldom/xmldom';
import { localToUtc } from '../../shared/zonedTime';
import { readTimbre } from '../cfdi/tfd';
import type { CancelInput } from '../cfdi/types';
import {
  type CancelAnswer,
  type PacAdapter,
  refused,
  SAT_TIME_ZONE,
  type StampAnswer,
  type StatusAnswer,
  type StatusQuery,
  unavailable,
} from './adapter';

export interface FinkokConfig {
  /** The host, without the path: https://demo-facturacion.finkok.com */
  url: string;
  username: string;
  password: string;
  fetch?: typeof fetch;
  /** How long a call may take before it is pacUnavailable. */
  timeoutMs?: number;
}

const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
export const FINKOK_NS = {
  stamp: 'http://facturacion.finkok.com/stamp',
  cancel: 'http://facturacion.finkok.com/cancel',
  registration: 'http://facturacion.finkok.com/registration',
  /** The answers' elements, and the cancel request's UUID element. */
  apps: 'apps.services.soap.core.views',
} as const;

export function createFinkokPac(config: FinkokConfig): PacAdapter {
  const send = config.fetch ?? fetch;
  const base = config.url.replace(/\/+$/, '');

  async function call(service: 'stamp' | 'cancel' | 'registration', action: string, body: string): Promise<Document | string> {
    let response: Response;
    try {
      response = await send(`${base}/servicios/soap/${service}.wsdl`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${action}"` },
        body,
        signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
      });
    } catch (error) {
      return `network: ${error instanceof Error ? error.message : String(error)}`;
    }
    const text = await response.text();
    const document = parseXml(text);
    if (!document) return `http-${response.status}: la respuesta no es XML`;
    const fault = first(document, SOAP_ENV, 'Fault');
    if (fault) return `soap-fault: ${textOf(fault, 'faultstring') || 'SOAP Fault'}`;
    if (!response.ok) return `http-${response.status}: ${response.statusText}`;
    return document;
  }

  const auth = (prefix: string) =>
    `<${prefix}:username>${escapeXml(config.username)}</${prefix}:username><${prefix}:password>${escapeXml(config.password)}</${prefix}:password>`;

  return {
    name: 'finkok',

    async stamp(xml: string): Promise<StampAnswer> {
      const body = envelope(
        `xmlns:stamp="${FINKOK_NS.stamp}"`,
        `<stamp:stamp><stamp:xml>${Buffer.from(xml, 'utf8').toString('base64')}</stamp:xml>${auth('stamp')}</stamp:stamp>`,
      );
      const answer = await call('stamp', 'stamp', body);
      if (typeof answer === 'string') return unavailableFrom(answer);
      const stampedXml = appsText(answer, 'xml');
      const timbre = stampedXml ? readTimbre(stampedXml) : null;
      // Finkok answers 307 ("timbre previo") with the xml it stamped before: a retry, and a success.
      if (stampedXml && timbre) return { ok: true, xml: stampedXml, timbre };
      const incidencia = firstIncidencia(answer);
      return refused(
        incidencia.code || 'finkok',
        incidencia.message || appsText(answer, 'CodEstatus') || 'Finkok no timbró el comprobante.',
      );
    },

    async cancel(input: CancelInput & { certificadoBase64?: string }): Promise<CancelAnswer> {
      const folio = input.replacementUuid ? ` FolioSustitucion="${input.replacementUuid.toUpperCase()}"` : ' FolioSustitucion=""';
      const body = envelope(
        `xmlns:can="${FINKOK_NS.cancel}" xmlns:apps="${FINKOK_NS.apps}"`,
        `<can:cancel><can:UUIDS><apps:UUID UUID="${input.uuid.toUpperCase()}"${folio} Motivo="${input.reason}"/></can:UUIDS>${auth('can')}<can:taxpayer_id>${escapeXml(input.rfcEmisor)}</can:taxpayer_id>${
          input.certificadoBase64 ? `<can:cer>${pemBase64(input.certificadoBase64)}</can:cer>` : ''
        }<can:store_pending>false</can:store_pending></can:cancel>`,
      );
      const answer = await call('cancel', 'cancel', body);
      if (typeof answer === 'string') return unavailableFrom(answer);
      const estatusUuid = appsText(answer, 'EstatusUUID');
      // 201: solicitud recibida; 202: previamente cancelado (a retry). Anything else is a refusal.
      if (estatusUuid === '201' || estatusUuid === '202') {
        return { ok: true, acuse: appsText(answer, 'Acuse'), cancelledAt: finkokDate(appsText(answer, 'Fecha')) };
      }
      const code = estatusUuid || appsText(answer, 'CodEstatus') || 'finkok';
      return refused(code, CANCEL_MESSAGES[code] ?? (appsText(answer, 'CodEstatus') || 'Finkok no canceló el comprobante.'));
    },

    async status(input: StatusQuery): Promise<StatusAnswer> {
      const body = envelope(
        `xmlns:can="${FINKOK_NS.cancel}"`,
        `<can:get_sat_status>${auth('can')}<can:taxpayer_id>${escapeXml(input.rfcEmisor)}</can:taxpayer_id><can:rtaxpayer_id>${escapeXml(
          input.rfcReceptor,
        )}</can:rtaxpayer_id><can:uuid>${input.uuid.toUpperCase()}</can:uuid><can:total>${(input.totalCents / 100).toFixed(2)}</can:total></can:get_sat_status>`,
      );
      const answer = await call('cancel', 'get_sat_status', body);
      if (typeof answer === 'string') throw new Error(`finkok get_sat_status: ${answer}`);
      const estado = appsText(answer, 'Estado');
      return {
        estado: estado === 'Vigente' || estado === 'Cancelado' ? estado : 'No Encontrado',
        esCancelable: appsText(answer, 'EsCancelable'),
      };
    },

    async balance(rfc: string): Promise<number | null> {
      const body = envelope(
        `xmlns:reg="${FINKOK_NS.registration}"`,
        `<reg:get><reg:reseller_username>${escapeXml(config.username)}</reg:reseller_username><reg:reseller_password>${escapeXml(
          config.password,
        )}</reg:reseller_password><reg:taxpayer_id>${escapeXml(rfc)}</reg:taxpayer_id></reg:get>`,
      );
      const answer = await call('registration', 'get', body);
      if (typeof answer === 'string') return null;
      const credit = Number.parseInt(appsText(answer, 'credit'), 10);
      // Finkok's credit is -1 for an unlimited (ondemand) account: it says nothing the ledger can use.
      return Number.isFinite(credit) && credit >= 0 ? credit : null;
    },
  };
}

/** Finkok's cancellation codes (EstatusUUID) and what they mean, for the refusal's message. */
const CANCEL_MESSAGES: Record<string, string> = {
  '203': 'El UUID no corresponde al RFC del emisor.',
  '205': 'El UUID no existe.',
  '206': 'El UUID no corresponde a un CFDI del sector primario.',
  '207': 'No se especificó el motivo de cancelación o el motivo no es válido.',
  '208': 'El folio de sustitución no es válido.',
  '209': 'El folio de sustitución no corresponde al emisor.',
  '211': 'El CFDI no es cancelable o ya fue cancelado anteriormente.',
};

function envelope(namespaces: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_ENV}" ${namespaces}><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
}

function unavailableFrom(problem: string) {
  const at = problem.indexOf(':');
  return unavailable(problem.slice(0, at), `El PAC no respondió: ${problem.slice(at + 1).trim()}`);
}

function parseXml(text: string): Document | null {
  try {
    return new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'text/xml') as unknown as Document;
  } catch {
    return null;
  }
}

function first(document: Document, namespace: string, name: string): Element | undefined {
  return document.getElementsByTagNameNS(namespace, name)[0] ?? undefined;
}

function textOf(element: Element, name: string): string {
  const child = Array.from(element.childNodes).find((node) => (node as Element).localName === name);
  return child?.textContent?.trim() ?? '';
}

/** The first element of that name in Finkok's answer namespace (the answers nest them in *Result). */
function appsText(document: Document, name: string): string {
  return first(document, FINKOK_NS.apps, name)?.textContent?.trim() ?? '';
}

function firstIncidencia(document: Document): { code: string; message: string } {
  const incidencia = first(document, FINKOK_NS.apps, 'Incidencia');
  if (!incidencia) return { code: '', message: '' };
  return { code: textOf(incidencia, 'CodigoError'), message: textOf(incidencia, 'MensajeIncidencia') };
}

/** Finkok documents the cer as the PEM, base64 encoded again. */
function pemBase64(derBase64: string): string {
  const lines = derBase64.match(/.{1,64}/g) ?? [];
  return Buffer.from(`-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`).toString('base64');
}

/** Finkok's Fecha is the Zona Centro's wall clock (no zone), as the SAT's own dates are. */
function finkokDate(fecha: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})/.exec(fecha);
  if (!match?.[1] || Number.isNaN(Date.parse(`${match[1]}Z`))) return new Date().toISOString();
  return localToUtc(match[1], SAT_TIME_ZONE);
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
