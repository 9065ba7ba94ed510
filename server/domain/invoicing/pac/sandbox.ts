// The built-in PAC (the default, and the tests'): it does what a PAC does before stamping, on this machine. It
// reads the CFDI, validates it against the SAT's schemas, checks the Certificado (a CSD, of the Emisor's RFC, in
// force on the Fecha), the seal over the cadena original, and that the Fecha (the local time of the
// LugarExpedicion's postal code, as the SAT reads it) is within the 72 hours the SAT allows; then answers a
// Timbre Fiscal Digital 1.1 signed with its own test key (nothing the SAT would accept: see sandboxKeys). It
// remembers what it stamped, to cancel and to answer the status. `failNext` makes the next stamp or
// cancellation fail with the code and message given, as a real PAC's refusal would.
//
// Refusal codes are the SAT's validation codes PACs answer with (Anexo 20's matrix, as Finkok and others
// return them): 301 XML mal formado, 302 sello mal formado o inválido, 303 sello no corresponde a emisor,
// 305 fecha fuera de la vigencia del CSD, 306 el certificado no es CSD, 307 timbre previo, 308 certificado no
// expedido, 401 fecha fuera de rango; cancellations: 205 UUID no existe, 203 no corresponde al emisor.
import { createSign, generateKeyPairSync, type KeyObject, randomUUID, X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { localToUtc } from '../../shared/zonedTime';
import { addTimbre, readTimbre, tfdCadenaOriginal } from '../cfdi/tfd';
import type { CancelInput, TimbreFiscal } from '../cfdi/types';
import { validateAgainstSat } from '../cfdi/validate';
import { describeCertificate } from '../csd/readCsd';
import { verifySeal } from '../csd/seal';
import {
  type CancelAnswer,
  mexicoCityTime,
  type PacAdapter,
  type PacRefusal,
  refused,
  SAT_TIME_ZONE,
  type StampAnswer,
  type StatusAnswer,
  type StatusQuery,
  unavailable,
} from './adapter';

/** The SAT's test PAC RFC and a NoCertificadoSAT of its shape. */
export const SANDBOX_RFC_PROV_CERTIF = 'SPR190613I52';
export const SANDBOX_NO_CERTIFICADO_SAT = '30001000000500003456';
const CFDI_NAMESPACE = 'http://www.sat.gob.mx/cfd/4';
const HOURS_72 = 72 * 3_600_000;
/** Clocks differ: a Fecha a few minutes ahead of the PAC's is accepted, as PACs do. */
const CLOCK_SKEW = 10 * 60_000;

export interface SandboxPacOptions {
  now?: () => Date;
  /** The cadena original of a CFDI (the engine's); without it the seal is not checked (tests that say so). */
  cadenaOf?: (xml: string) => string;
  /** The schema validation; defaults to the SAT schemas (cfdi/validate.ts). */
  validate?: (xml: string) => Promise<string[]>;
}

export interface SandboxPac extends PacAdapter {
  /** The next stamp or cancellation fails with this code and message (pacUnavailable when reason says so). */
  failNext(code: string, message: string, reason?: PacRefusal['reason']): void;
  /** The public key the SelloSAT verifies with (PEM): the sandbox's own (one per process). */
  readonly satPublicKeyPem: string;
}

interface Stamped {
  timbre: TimbreFiscal;
  xml: string;
  rfcEmisor: string;
  rfcReceptor: string;
  totalCents: number;
  cancelled: { acuse: string; at: string } | null;
}

let keys: { privateKey: KeyObject; publicKey: KeyObject } | undefined;
/**
 * The sandbox's signing key: one per process, made when first needed. Making a 2048-bit RSA key takes
 * 0.05–0.5 s, and every app built without a real PAC (a development server, every test app) built a sandbox
 * it mostly never stamped with.
 */
function sandboxKeys() {
  keys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
  return keys;
}

export function createSandboxPac(options: SandboxPacOptions = {}): SandboxPac {
  const now = options.now ?? (() => new Date());
  const validate = options.validate ?? validateAgainstSat;
  const stamped = new Map<string, Stamped>();
  /** By SelloCFD: the same sealed CFDI sent twice gets the same timbre (a retry after a lost answer). */
  const bySello = new Map<string, string>();
  let nextFailure: PacRefusal | null = null;

  const takeFailure = () => {
    const failure = nextFailure;
    nextFailure = null;
    return failure;
  };

  async function stamp(xml: string): Promise<StampAnswer> {
    const failure = takeFailure();
    if (failure) return failure;
    const read = readComprobante(xml);
    if (typeof read === 'string') return refused('301', `XML mal formado: ${read}`);
    if (readTimbre(xml)) {
      const previous = stamped.get(readTimbre(xml)?.uuid ?? '');
      return previous
        ? { ok: true, xml: previous.xml, timbre: previous.timbre }
        : refused('307', 'El CFDI contiene un timbre previo.');
    }
    const known = stamped.get(bySello.get(read.sello) ?? '');
    if (known && read.sello) return { ok: true, xml: known.xml, timbre: known.timbre };
    const problems = await validate(xml);
    if (problems.length > 0) return refused('301', `XML mal formado: ${problems.slice(0, 3).join('; ')}`);
    const certificateProblem = checkCertificate(read, now());
    if (certificateProblem) return certificateProblem;
    if (options.cadenaOf && !verifySeal(options.cadenaOf(xml), read.sello, read.certificado)) {
      return refused('302', 'Sello mal formado o inválido.');
    }
    const timbre = signTimbre(read.sello, sandboxKeys().privateKey, now());
    const answer = addTimbre(xml, timbre);
    stamped.set(timbre.uuid, {
      timbre,
      xml: answer,
      rfcEmisor: read.rfcEmisor,
      rfcReceptor: read.rfcReceptor,
      totalCents: read.totalCents,
      cancelled: null,
    });
    bySello.set(read.sello, timbre.uuid);
    return { ok: true, xml: answer, timbre };
  }

  async function cancel(input: CancelInput & { certificadoBase64?: string }): Promise<CancelAnswer> {
    const failure = takeFailure();
    if (failure) return failure;
    const uuid = input.uuid.toUpperCase();
    const known = stamped.get(uuid);
    if (!known) return refused('205', 'El UUID no existe o no ha sido timbrado por este PAC.');
    if (known.rfcEmisor !== input.rfcEmisor) return refused('203', 'El UUID no corresponde al RFC del emisor.');
    if (input.reason === '01' && !input.replacementUuid) {
      return refused('CA301', 'El motivo 01 requiere el folio fiscal que sustituye al comprobante (FolioSustitucion).');
    }
    if (input.reason === '01' && input.replacementUuid?.toUpperCase() === uuid) {
      return refused('CA302', 'El folio de sustitución no puede ser el mismo comprobante que se cancela.');
    }
    // A second cancellation of the same UUID (a retry) answers the first acuse, as the SAT's 202 "previamente cancelado".
    if (!known.cancelled) {
      const at = now();
      known.cancelled = { at: at.toISOString(), acuse: acuseXml(uuid, input, mexicoCityTime(at)) };
    }
    return { ok: true, acuse: known.cancelled.acuse, cancelledAt: known.cancelled.at };
  }

  async function status(input: StatusQuery): Promise<StatusAnswer> {
    const known = stamped.get(input.uuid.toUpperCase());
    // The SAT's query names the CFDI by all four (re, rr, tt, id): one wrong is "No Encontrado".
    if (
      !known ||
      known.rfcEmisor !== input.rfcEmisor ||
      known.rfcReceptor !== input.rfcReceptor ||
      known.totalCents !== input.totalCents
    ) {
      return { estado: 'No Encontrado', esCancelable: '' };
    }
    return known.cancelled
      ? { estado: 'Cancelado', esCancelable: 'No cancelable' }
      : { estado: 'Vigente', esCancelable: 'Cancelable sin aceptación' };
  }

  return {
    name: 'sandbox',
    get satPublicKeyPem() {
      return sandboxKeys().publicKey.export({ type: 'spki', format: 'pem' }).toString();
    },
    failNext(code, message, reason = 'pacRefused') {
      nextFailure = reason === 'pacRefused' ? refused(code, message) : unavailable(code, message);
    },
    stamp,
    cancel,
    status,
    // The sandbox never runs out: the product's own stamp ledger is what says "no stamps".
    balance: async () => null,
  };
}

interface Comprobante {
  fecha: string;
  lugarExpedicion: string;
  sello: string;
  certificado: string;
  noCertificado: string;
  rfcEmisor: string;
  rfcReceptor: string;
  totalCents: number;
}

/**
 * The zone the SAT reads a Fecha in: the one of the LugarExpedicion's postal code (c_CodigoPostal's time zone).
 * By state, from the code's first two digits: the states off the Zona Centro's clock, the rest on it. A few
 * border towns keep the US's daylight saving apart from their state (Ciudad Juárez, Matamoros…); the sandbox
 * reads them as their state.
 */
export function zoneOfPostalCode(postalCode: string): string {
  const state = Number(postalCode.slice(0, 2));
  if (state === 21 || state === 22) return 'America/Tijuana'; // Baja California
  if (state === 23 || state === 63 || (state >= 80 && state <= 82)) return 'America/Mazatlan'; // BCS, Nayarit, Sinaloa
  if (state >= 83 && state <= 85) return 'America/Hermosillo'; // Sonora
  if (state === 77) return 'America/Cancun'; // Quintana Roo
  return SAT_TIME_ZONE;
}

/** The attributes the checks need, or what is wrong with the XML. */
function readComprobante(xml: string): Comprobante | string {
  let root: Element | null;
  try {
    const document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(xml, 'text/xml');
    root = document.documentElement as unknown as Element | null;
  } catch (error) {
    return error instanceof Error ? (error.message.split('\n')[0] ?? 'no es XML') : 'no es XML';
  }
  if (!root || root.namespaceURI !== CFDI_NAMESPACE || root.localName !== 'Comprobante') {
    return 'el elemento raíz no es cfdi:Comprobante 4.0';
  }
  if (root.getAttribute('Version') !== '4.0') return 'la versión del comprobante no es 4.0';
  const child = (name: string) => root.getElementsByTagNameNS(CFDI_NAMESPACE, name)[0] as unknown as Element | undefined;
  const total = root.getAttribute('Total') ?? '';
  return {
    fecha: root.getAttribute('Fecha') ?? '',
    lugarExpedicion: root.getAttribute('LugarExpedicion') ?? '',
    sello: root.getAttribute('Sello') ?? '',
    certificado: root.getAttribute('Certificado') ?? '',
    noCertificado: root.getAttribute('NoCertificado') ?? '',
    rfcEmisor: child('Emisor')?.getAttribute('Rfc') ?? '',
    rfcReceptor: child('Receptor')?.getAttribute('Rfc') ?? '',
    totalCents: /^[0-9]+(\.[0-9]+)?$/.test(total) ? Math.round(Number(total) * 100) : Number.NaN,
  };
}

function checkCertificate(read: Comprobante, now: Date): PacRefusal | null {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(Buffer.from(read.certificado, 'base64'));
  } catch {
    return refused('308', 'Certificado no expedido por el SAT: el atributo Certificado no es un certificado.');
  }
  const facts = describeCertificate(certificate);
  if (!facts) return refused('308', 'Certificado no expedido por el SAT: no nombra un RFC.');
  // A CSD names its branch in OU; a FIEL has none (readCsd.ts: phpcfdi/credentials' rule).
  if (!facts.isCsd) return refused('306', 'El certificado no es de tipo CSD.');
  if (facts.csd.rfc !== read.rfcEmisor)
    return refused('303', 'Sello no corresponde a emisor: el RFC del certificado no es el del emisor.');
  if (facts.csd.noCertificado !== read.noCertificado) {
    return refused('303', 'El NoCertificado no corresponde al certificado del comprobante.');
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(read.fecha) || Number.isNaN(Date.parse(`${read.fecha}Z`))) {
    return refused('301', 'XML mal formado: la Fecha no es válida.');
  }
  // Fecha is the wall clock where the CFDI was issued: the instant it names in the postal code's zone.
  const fecha = Date.parse(localToUtc(read.fecha, zoneOfPostalCode(read.lugarExpedicion)));
  if (fecha < facts.csd.validFrom.getTime() || fecha > facts.csd.validTo.getTime()) {
    return refused('305', 'La fecha de emisión no está dentro de la vigencia del CSD del emisor.');
  }
  if (fecha > now.getTime() + CLOCK_SKEW || fecha < now.getTime() - HOURS_72) {
    return refused('401', 'Fecha y hora de generación fuera de rango: debe estar dentro de las 72 horas anteriores al timbrado.');
  }
  return null;
}

function signTimbre(selloCfd: string, key: KeyObject, now: Date): TimbreFiscal {
  const unsigned = {
    uuid: randomUUID().toUpperCase(),
    fechaTimbrado: mexicoCityTime(now),
    rfcProvCertif: SANDBOX_RFC_PROV_CERTIF,
    selloCfd,
    noCertificadoSat: SANDBOX_NO_CERTIFICADO_SAT,
    selloSat: '',
  };
  const selloSat = createSign('RSA-SHA256').update(tfdCadenaOriginal(unsigned), 'utf8').sign(key, 'base64');
  return { ...unsigned, selloSat };
}

function acuseXml(uuid: string, input: CancelInput, fecha: string): string {
  const sustitucion = input.replacementUuid ? `<FolioSustitucion>${input.replacementUuid.toUpperCase()}</FolioSustitucion>` : '';
  return `<Acuse xmlns="http://cancelacfd.sat.gob.mx" Fecha="${fecha}" RfcEmisor="${input.rfcEmisor}"><Folios><UUID>${uuid}</UUID><EstatusUUID>201</EstatusUUID><Motivo>${input.reason}</Motivo>${sustitucion}</Folios></Acuse>`;
}
