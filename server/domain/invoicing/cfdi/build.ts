// A CFDI 4.0 (Ingreso, global Ingreso, or Pagos 2.0) from a draft: the XML without its seal, the cadena
// original to sign, the totals. Anexo 20's rules for the attributes; amounts from amounts.ts.
import { computeTotals, conceptImporteCents, conceptTax, formatCents, proportionalCents } from './amounts';
import type {
  CfdiCertificate,
  CfdiConcept,
  CfdiDraft,
  IngresoDraft,
  InvoiceTotals,
  PagoDraft,
  TaxLine,
  UnsignedCfdi,
} from './types';
import { cadenaOriginal, node, serialize, type XmlNode } from './xmlTree';

export const CFDI_NAMESPACE = 'http://www.sat.gob.mx/cfd/4';
export const PAGOS_NAMESPACE = 'http://www.sat.gob.mx/Pagos20';
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';
const CFDI_SCHEMA = `${CFDI_NAMESPACE} http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd`;
const PAGOS_SCHEMA = `${PAGOS_NAMESPACE} http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd`;
const EXPORTACION_NO_APLICA = '01';

function emisor(draft: CfdiDraft): XmlNode {
  return node('cfdi:Emisor', [
    ['Rfc', draft.issuer.rfc],
    ['Nombre', draft.issuer.nombre],
    ['RegimenFiscal', draft.issuer.regimenFiscal],
  ]);
}

function receptor(draft: CfdiDraft): XmlNode {
  return node('cfdi:Receptor', [
    ['Rfc', draft.receiver.rfc],
    ['Nombre', draft.receiver.nombre],
    ['DomicilioFiscalReceptor', draft.receiver.domicilioFiscal],
    ['RegimenFiscalReceptor', draft.receiver.regimenFiscal],
    ['UsoCFDI', draft.receiver.usoCfdi],
  ]);
}

function trasladoAttrs(tax: TaxLine, suffix = ''): XmlNode['attrs'] {
  return [
    [`Base${suffix}`, formatCents(tax.baseCents)],
    [`Impuesto${suffix}`, tax.impuesto],
    [`TipoFactor${suffix}`, tax.tipoFactor],
    [`TasaOCuota${suffix}`, tax.tasaOCuota ?? undefined],
    [`Importe${suffix}`, tax.importeCents === null ? undefined : formatCents(tax.importeCents)],
  ];
}

function concepto(concept: CfdiConcept): XmlNode {
  const tax = conceptTax(concept);
  const descuento = concept.descuentoCents ? formatCents(concept.descuentoCents) : undefined;
  return node(
    'cfdi:Concepto',
    [
      ['ClaveProdServ', concept.claveProdServ],
      ['NoIdentificacion', concept.noIdentificacion || undefined],
      ['Cantidad', concept.cantidad],
      ['ClaveUnidad', concept.claveUnidad],
      ['Unidad', concept.unidad || undefined],
      ['Descripcion', concept.descripcion],
      ['ValorUnitario', formatCents(concept.valorUnitarioCents)],
      ['Importe', formatCents(conceptImporteCents(concept))],
      ['Descuento', descuento],
      ['ObjetoImp', concept.objetoImp],
    ],
    tax ? [node('cfdi:Impuestos', [], [node('cfdi:Traslados', [], [node('cfdi:Traslado', trasladoAttrs(tax))])])] : [],
  );
}

function comprobanteImpuestos(totals: InvoiceTotals): XmlNode | null {
  if (totals.taxes.length === 0) return null;
  // TotalImpuestosTrasladados only when some traslado is not Exento (Anexo 20).
  const anyRate = totals.taxes.some((tax) => tax.tipoFactor !== 'Exento');
  return node(
    'cfdi:Impuestos',
    [['TotalImpuestosTrasladados', anyRate ? formatCents(totals.trasladosCents) : undefined]],
    [
      node(
        'cfdi:Traslados',
        [],
        totals.taxes.map((tax) => node('cfdi:Traslado', trasladoAttrs(tax))),
      ),
    ],
  );
}

function ingreso(draft: IngresoDraft, certificate: CfdiCertificate, totals: InvoiceTotals): XmlNode {
  const children: XmlNode[] = [];
  if (draft.informacionGlobal) {
    const info = draft.informacionGlobal;
    children.push(
      node('cfdi:InformacionGlobal', [
        ['Periodicidad', info.periodicidad],
        ['Meses', info.meses],
        ['Año', String(info.anio)],
      ]),
    );
  }
  if (draft.related && draft.related.uuids.length > 0) {
    children.push(
      node(
        'cfdi:CfdiRelacionados',
        [['TipoRelacion', draft.related.tipoRelacion]],
        draft.related.uuids.map((uuid) => node('cfdi:CfdiRelacionado', [['UUID', uuid]])),
      ),
    );
  }
  children.push(emisor(draft), receptor(draft), node('cfdi:Conceptos', [], draft.concepts.map(concepto)));
  const impuestos = comprobanteImpuestos(totals);
  if (impuestos) children.push(impuestos);
  return node(
    'cfdi:Comprobante',
    [
      ['xmlns:cfdi', CFDI_NAMESPACE],
      ['xmlns:xsi', XSI_NAMESPACE],
      ['xsi:schemaLocation', CFDI_SCHEMA],
      ['Version', '4.0'],
      ['Serie', draft.serie || undefined],
      ['Folio', draft.folio || undefined],
      ['Fecha', draft.fecha],
      ['Sello', ''],
      ['FormaPago', draft.formaPago],
      ['NoCertificado', certificate.noCertificado],
      ['Certificado', certificate.certificadoBase64],
      ['SubTotal', formatCents(totals.subtotalCents)],
      ['Descuento', totals.descuentoCents > 0 ? formatCents(totals.descuentoCents) : undefined],
      ['Moneda', draft.moneda],
      ['Total', formatCents(totals.totalCents)],
      ['TipoDeComprobante', 'I'],
      ['Exportacion', EXPORTACION_NO_APLICA],
      ['MetodoPago', draft.metodoPago],
      ['LugarExpedicion', draft.issuer.lugarExpedicion],
    ],
    children,
  );
}

/** A paid document's taxes: the invoice's traslados scaled by the share paid (ImpPagado / invoice total). */
export function paidShareTaxes(invoice: InvoiceTotals, paidCents: number): TaxLine[] {
  return invoice.taxes.map((tax) => ({
    ...tax,
    baseCents: proportionalCents(tax.baseCents, paidCents, invoice.totalCents),
    importeCents: tax.importeCents === null ? null : proportionalCents(tax.importeCents, paidCents, invoice.totalCents),
  }));
}

const rateKey = (tax: TaxLine) => `${tax.impuesto}|${tax.tipoFactor}|${tax.tasaOCuota ?? ''}`;

function pagos(draft: PagoDraft): { complement: XmlNode; totals: InvoiceTotals } {
  const { pago } = draft;
  const pTaxes = new Map<string, TaxLine>();
  const documents = pago.documents.map((doc) => {
    const taxes = doc.objetoImp === '02' ? paidShareTaxes(doc.invoiceTotals, doc.importePagadoCents) : [];
    for (const tax of taxes) {
      const key = rateKey(tax);
      const sum = pTaxes.get(key);
      if (!sum) pTaxes.set(key, { ...tax });
      else {
        sum.baseCents += tax.baseCents;
        if (sum.importeCents !== null && tax.importeCents !== null) sum.importeCents += tax.importeCents;
      }
    }
    return node(
      'pago20:DoctoRelacionado',
      [
        ['IdDocumento', doc.uuid],
        ['Serie', doc.serie || undefined],
        ['Folio', doc.folio || undefined],
        ['MonedaDR', 'MXN'],
        ['EquivalenciaDR', '1'],
        ['NumParcialidad', String(doc.numParcialidad)],
        ['ImpSaldoAnt', formatCents(doc.saldoAnteriorCents)],
        ['ImpPagado', formatCents(doc.importePagadoCents)],
        ['ImpSaldoInsoluto', formatCents(doc.saldoAnteriorCents - doc.importePagadoCents)],
        ['ObjetoImpDR', doc.objetoImp],
      ],
      taxes.length > 0
        ? [
            node(
              'pago20:ImpuestosDR',
              [],
              [
                node(
                  'pago20:TrasladosDR',
                  [],
                  taxes.map((tax) => node('pago20:TrasladoDR', trasladoAttrs(tax, 'DR'))),
                ),
              ],
            ),
          ]
        : [],
    );
  });
  const pagoTaxes = [...pTaxes.values()];
  const pagoChildren = [...documents];
  if (pagoTaxes.length > 0) {
    pagoChildren.push(
      node(
        'pago20:ImpuestosP',
        [],
        [
          node(
            'pago20:TrasladosP',
            [],
            pagoTaxes.map((tax) => node('pago20:TrasladoP', trasladoAttrs(tax, 'P'))),
          ),
        ],
      ),
    );
  }
  const byRate = (rate: string | null, tipo: 'Tasa' | 'Exento') =>
    pagoTaxes.find((tax) => tax.tipoFactor === tipo && (tipo === 'Exento' || tax.tasaOCuota === rate));
  const totalsAttrs: XmlNode['attrs'] = [];
  for (const [label, rate] of [
    ['16', '0.160000'],
    ['8', '0.080000'],
    ['0', '0.000000'],
  ] as const) {
    const tax = byRate(rate, 'Tasa');
    totalsAttrs.push([`TotalTrasladosBaseIVA${label}`, tax ? formatCents(tax.baseCents) : undefined]);
    totalsAttrs.push([`TotalTrasladosImpuestoIVA${label}`, tax ? formatCents(tax.importeCents ?? 0) : undefined]);
  }
  const exento = byRate(null, 'Exento');
  totalsAttrs.push(['TotalTrasladosBaseIVAExento', exento ? formatCents(exento.baseCents) : undefined]);
  totalsAttrs.push(['MontoTotalPagos', formatCents(pago.montoCents)]);
  const complement = node(
    'pago20:Pagos',
    [['Version', '2.0']],
    [
      node('pago20:Totales', totalsAttrs),
      node(
        'pago20:Pago',
        [
          ['FechaPago', pago.fechaPago],
          ['FormaDePagoP', pago.formaDePagoP],
          ['MonedaP', 'MXN'],
          ['TipoCambioP', '1'],
          ['Monto', formatCents(pago.montoCents)],
        ],
        pagoChildren,
      ),
    ],
  );
  return { complement, totals: { subtotalCents: 0, descuentoCents: 0, trasladosCents: 0, totalCents: 0, taxes: [] } };
}

function pagoComprobante(draft: PagoDraft, certificate: CfdiCertificate): { root: XmlNode; totals: InvoiceTotals } {
  const { complement, totals } = pagos(draft);
  const root = node(
    'cfdi:Comprobante',
    [
      ['xmlns:cfdi', CFDI_NAMESPACE],
      ['xmlns:xsi', XSI_NAMESPACE],
      ['xmlns:pago20', PAGOS_NAMESPACE],
      ['xsi:schemaLocation', `${CFDI_SCHEMA} ${PAGOS_SCHEMA}`],
      ['Version', '4.0'],
      ['Serie', draft.serie || undefined],
      ['Folio', draft.folio || undefined],
      ['Fecha', draft.fecha],
      ['Sello', ''],
      ['NoCertificado', certificate.noCertificado],
      ['Certificado', certificate.certificadoBase64],
      ['SubTotal', '0'],
      ['Moneda', 'XXX'],
      ['Total', '0'],
      ['TipoDeComprobante', 'P'],
      ['Exportacion', EXPORTACION_NO_APLICA],
      ['LugarExpedicion', draft.issuer.lugarExpedicion],
    ],
    [
      emisor(draft),
      receptor(draft),
      node(
        'cfdi:Conceptos',
        [],
        [
          node('cfdi:Concepto', [
            ['ClaveProdServ', '84111506'],
            ['Cantidad', '1'],
            ['ClaveUnidad', 'ACT'],
            ['Descripcion', 'Pago'],
            ['ValorUnitario', '0'],
            ['Importe', '0'],
            ['ObjetoImp', '01'],
          ]),
        ],
      ),
      node('cfdi:Complemento', [], [complement]),
    ],
  );
  return { root, totals };
}

/** The unsigned CFDI: sign `cadenaOriginal` with the CSD (RSA-SHA256), then `sealed(sello)` is the XML. */
export function buildCfdi(draft: CfdiDraft, certificate: CfdiCertificate): UnsignedCfdi {
  const { root, totals } =
    draft.kind === 'I'
      ? (() => {
          const computed = computeTotals(draft.concepts);
          return { root: ingreso(draft, certificate, computed), totals: computed };
        })()
      : pagoComprobante(draft, certificate);
  const cadena = cadenaOriginal(root);
  return {
    cadenaOriginal: cadena,
    totals,
    sealed(sello: string) {
      const signed: XmlNode = {
        ...root,
        attrs: root.attrs.map(([key, value]) => [key, key === 'Sello' ? sello : value]),
      };
      return `<?xml version="1.0" encoding="UTF-8"?>${serialize(signed)}`;
    },
  };
}
