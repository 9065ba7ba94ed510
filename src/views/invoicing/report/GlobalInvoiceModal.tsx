import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/NumberInput.css';
// "Factura global" (listado-cfdis): a CFDI to público en general for a period (InformacionGlobal: periodicidad,
// mes, año) with the period's sales as one concept. Anexo 20's guide has a global invoice's concepts carry
// ClaveProdServ 01010101 and ClaveUnidad ACT; the chosen product gives the tax treatment. One draft key per
// dialog, so a retry after a lost answer stamps once.
import { Alert, Button, Group, Loader, Modal, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { validate } from 'superstruct';
import { type CfdiDetail, FORMAS_PAGO, GlobalInvoiceDraft, MESES, PERIODICIDADES } from '../../../api/invoicing';
import type { GlobalChoices } from '../../../machines/cfdiReportMachine';
import type { CallFailure } from '../../../machines/shared/callFailure';
import { FailureAlert } from '../../common/FailureAlert';

export type GlobalStep = 'preparing' | 'failed' | 'editing' | 'stamping' | 'stamped';

export const GLOBAL_CLAVE_PROD_SERV = '01010101';
export const GLOBAL_CLAVE_UNIDAD = 'ACT';

const draftKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `global-${Date.now()}-${Math.random().toString(36).slice(2)}`;

export function GlobalInvoiceModal(props: {
  step: GlobalStep;
  choices: GlobalChoices | null;
  stamped: CfdiDetail | null;
  failure: CallFailure | null;
  onRetry: () => void;
  onClose: () => void;
  onSubmit: (draft: GlobalInvoiceDraft) => void;
}) {
  const intl = useIntl();
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const now = new Date();
  const [key] = useState(draftKey);
  const [issuerId, setIssuerId] = useState('');
  const [productId, setProductId] = useState('');
  const [periodicidad, setPeriodicidad] = useState('04');
  const [mes, setMes] = useState(String(now.getMonth() + 1).padStart(2, '0'));
  const [anio, setAnio] = useState<number | string>(now.getFullYear());
  const [descripcion, setDescripcion] = useState('Venta');
  const [amount, setAmount] = useState<number | string>('');
  const [formaPago, setFormaPago] = useState('01');
  const [invalid, setInvalid] = useState<string | null>(null);
  const issuers = props.choices?.issuers ?? [];
  const products = props.choices?.products ?? [];
  const issuer = issuerId || (issuers[0] ? String(issuers[0].id) : '');
  const product = products.find((p) => String(p.id) === productId) ?? products[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = {
      issuerId: Number(issuer),
      periodicidad,
      meses: mes,
      anio: Number(anio),
      formaPago,
      draftKey: key,
      concepts: [
        {
          ...(product ? { productId: product.id } : {}),
          claveProdServ: GLOBAL_CLAVE_PROD_SERV,
          claveUnidad: GLOBAL_CLAVE_UNIDAD,
          unidad: '',
          descripcion: descripcion.trim(),
          cantidad: '1',
          valorUnitarioCents: Math.round(Number(amount) * 100),
          objetoImp: product?.objetoImp ?? '02',
          iva: product ? product.iva : 'tasa16',
        },
      ],
    };
    const [problem, valid] = validate(draft, GlobalInvoiceDraft);
    if (problem || !valid || valid.concepts[0]!.valorUnitarioCents <= 0) {
      setInvalid(problem?.key ?? 'amount');
      return;
    }
    setInvalid(null);
    props.onSubmit(valid);
  };

  return (
    <Modal opened onClose={props.onClose} fullScreen={phone} title={intl.formatMessage({ id: 'invoicingScreens.global.title' })}>
      {props.step === 'preparing' ? (
        <Group justify="center" p="md" role="status">
          <Loader size="sm" />
        </Group>
      ) : null}
      {props.step === 'failed' ? <FailureAlert failure={props.failure} onRetry={props.onRetry} /> : null}
      {props.step === 'stamped' && props.stamped ? (
        <Alert color="green" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              <FormattedMessage id="invoicingScreens.global.stamped" values={{ uuid: props.stamped.uuid }} />
            </Text>
            <Button variant="default" onClick={props.onClose}>
              <FormattedMessage id="invoicingScreens.close" />
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {props.step === 'editing' || props.step === 'stamping' ? (
        issuers.length === 0 ? (
          <Alert color="yellow">
            <FormattedMessage id="invoicingScreens.global.noIssuers" />
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              {props.failure ? <FailureAlert failure={props.failure} /> : null}
              <Text size="sm" c="dimmed">
                <FormattedMessage id="invoicingScreens.global.hint" />
              </Text>
              <NativeSelect
                label={intl.formatMessage({ id: 'invoicingScreens.global.issuer' })}
                value={issuer}
                onChange={(e) => setIssuerId(e.currentTarget.value)}
                data={issuers.map((i) => ({ value: String(i.id), label: `${i.rfc} · ${i.razonSocial}` }))}
              />
              <Group grow wrap="wrap">
                <NativeSelect
                  label={intl.formatMessage({ id: 'invoicingScreens.global.periodicidad' })}
                  value={periodicidad}
                  onChange={(e) => setPeriodicidad(e.currentTarget.value)}
                  data={PERIODICIDADES.map((code) => ({
                    value: code,
                    label: intl.formatMessage({ id: `invoicing.sat.periodicidad.${code}` }),
                  }))}
                />
                <NativeSelect
                  label={intl.formatMessage({ id: 'invoicingScreens.global.mes' })}
                  value={mes}
                  onChange={(e) => setMes(e.currentTarget.value)}
                  data={MESES.map((code) => ({ value: code, label: intl.formatMessage({ id: `invoicing.sat.meses.${code}` }) }))}
                />
                <NumberInput
                  label={intl.formatMessage({ id: 'invoicingScreens.global.anio' })}
                  value={anio}
                  min={2022}
                  max={2100}
                  allowDecimal={false}
                  error={invalid === 'anio' ? intl.formatMessage({ id: 'invoicingScreens.global.invalidYear' }) : null}
                  onChange={setAnio}
                />
              </Group>
              {products.length ? (
                <NativeSelect
                  label={intl.formatMessage({ id: 'invoicingScreens.global.product' })}
                  value={product ? String(product.id) : ''}
                  onChange={(e) => setProductId(e.currentTarget.value)}
                  data={products.map((p) => ({ value: String(p.id), label: p.name }))}
                />
              ) : null}
              <TextInput
                label={intl.formatMessage({ id: 'invoicingScreens.global.descripcion' })}
                value={descripcion}
                required
                maxLength={1000}
                onChange={(e) => setDescripcion(e.currentTarget.value)}
              />
              <NumberInput
                label={intl.formatMessage({ id: 'invoicingScreens.global.amount' })}
                value={amount}
                min={0}
                decimalScale={2}
                fixedDecimalScale
                prefix="$"
                thousandSeparator=","
                required
                error={invalid && invalid !== 'anio' ? intl.formatMessage({ id: 'invoicingScreens.global.invalidAmount' }) : null}
                onChange={setAmount}
              />
              <NativeSelect
                label={intl.formatMessage({ id: 'invoicingScreens.report.formaPago' })}
                value={formaPago}
                onChange={(e) => setFormaPago(e.currentTarget.value)}
                data={FORMAS_PAGO.map((code) => ({
                  value: code,
                  label: intl.formatMessage({ id: `invoicing.sat.formaPago.${code}` }),
                }))}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={props.onClose} disabled={props.step === 'stamping'}>
                  <FormattedMessage id="invoicingScreens.cancel" />
                </Button>
                <Button type="submit" loading={props.step === 'stamping'}>
                  <FormattedMessage id="invoicingScreens.global.stamp" />
                </Button>
              </Group>
            </Stack>
          </form>
        )
      ) : null}
    </Modal>
  );
}
