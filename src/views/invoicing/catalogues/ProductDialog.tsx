import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/NumberInput.css';
// The dialog that adds or edits a product: its name, SAT keys (searchable), unit, price in pesos (sent in
// cents), ObjetoImp and, when subject to tax (02), the IVA treatment. Checked here with the contract's struct
// before it is sent; the server's refusal shows on top.
import { Button, Group, Modal, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { validate } from 'superstruct';
import {
  IVA_TREATMENTS,
  type IvaTreatment,
  OBJETOS_IMP,
  type ObjetoImp,
  type Product,
  ProductDraft,
} from '../../../api/invoicing';
import type { CallFailure } from '../../../machines/shared/callFailure';
import { FailureAlert } from '../../common/FailureAlert';
import { SatKeyInput } from './SatKeyInput';

export function ProductDialog(props: {
  product: Product | null;
  saving: boolean;
  failure: CallFailure | null;
  onSave: (draft: ProductDraft) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const p = props.product;
  const [name, setName] = useState(p?.name ?? '');
  const [claveProdServ, setClaveProdServ] = useState(p?.claveProdServ ?? '');
  const [claveUnidad, setClaveUnidad] = useState(p?.claveUnidad ?? '');
  const [unidad, setUnidad] = useState(p?.unidad ?? '');
  const [price, setPrice] = useState<number | string>(p ? p.priceCents / 100 : '');
  const [objetoImp, setObjetoImp] = useState<ObjetoImp>(p?.objetoImp ?? '02');
  const [iva, setIva] = useState<IvaTreatment>(p?.iva ?? 'tasa16');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = {
      ...(p ? { id: p.id, version: p.version } : {}),
      name: name.trim(),
      claveProdServ: claveProdServ.trim(),
      claveUnidad: claveUnidad.trim(),
      unidad: unidad.trim(),
      priceCents: Math.round(Number(price) * 100),
      objetoImp,
      iva: objetoImp === '02' ? iva : null,
    };
    const [invalid, valid] = validate(draft, ProductDraft);
    if (invalid) {
      setProblem(invalid.key ?? 'name');
      return;
    }
    setProblem(null);
    props.onSave(valid);
  };
  const fieldError = (key: string) =>
    problem === key ? intl.formatMessage({ id: `invoicingScreens.catalogues.invalid.${key}` }) : null;

  return (
    <Modal
      opened
      onClose={props.onClose}
      fullScreen={phone}
      title={intl.formatMessage({ id: p ? 'invoicingScreens.catalogues.edit' : 'invoicingScreens.catalogues.add' })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {props.failure ? <FailureAlert failure={props.failure} /> : null}
          <TextInput
            label={intl.formatMessage({ id: 'invoicingScreens.catalogues.name' })}
            value={name}
            maxLength={120}
            required
            error={fieldError('name')}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <SatKeyInput
            kind="prodserv"
            label={intl.formatMessage({ id: 'invoicingScreens.catalogues.claveProdServ' })}
            value={claveProdServ}
            error={fieldError('claveProdServ')}
            onChange={setClaveProdServ}
          />
          <SatKeyInput
            kind="unidad"
            label={intl.formatMessage({ id: 'invoicingScreens.catalogues.claveUnidad' })}
            value={claveUnidad}
            error={fieldError('claveUnidad')}
            onChange={setClaveUnidad}
          />
          <TextInput
            label={intl.formatMessage({ id: 'invoicingScreens.catalogues.unidad' })}
            value={unidad}
            maxLength={20}
            onChange={(e) => setUnidad(e.currentTarget.value)}
          />
          <NumberInput
            label={intl.formatMessage({ id: 'invoicingScreens.catalogues.price' })}
            value={price}
            min={0}
            decimalScale={2}
            fixedDecimalScale
            prefix="$"
            thousandSeparator=","
            required
            error={fieldError('priceCents')}
            onChange={setPrice}
          />
          <NativeSelect
            label={intl.formatMessage({ id: 'invoicingScreens.catalogues.objetoImp' })}
            value={objetoImp}
            onChange={(e) => setObjetoImp(e.currentTarget.value as ObjetoImp)}
            data={OBJETOS_IMP.map((code) => ({
              value: code,
              label: intl.formatMessage({ id: `invoicing.sat.objetoImp.${code}` }),
            }))}
          />
          {objetoImp === '02' ? (
            <NativeSelect
              label={intl.formatMessage({ id: 'invoicingScreens.catalogues.iva' })}
              value={iva}
              onChange={(e) => setIva(e.currentTarget.value as IvaTreatment)}
              data={IVA_TREATMENTS.map((code) => ({
                value: code,
                label: intl.formatMessage({ id: `invoicing.sat.iva.${code}` }),
              }))}
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              <FormattedMessage id="invoicingScreens.cancel" />
            </Button>
            <Button type="submit" loading={props.saving}>
              <FormattedMessage id="invoicingScreens.save" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
