import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/Popover.css';
// The dialog that adds or edits a receiver: RFC (checked with the contract's pattern), name as the SAT has it,
// régimen fiscal (only those a persona física or moral may hold, by the RFC's length), domicilio fiscal (CP),
// UsoCFDI, e-mail, and the dwellings whose payments invoice this client (searched among the condominium's).
// "Público en general" opens it filled with XAXX010101000, régimen 616 and UsoCFDI S01.
import { Autocomplete, Button, Group, Modal, NativeSelect, Pill, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { validate } from 'superstruct';
import {
  type Client,
  ClientDraft,
  PUBLICO_EN_GENERAL,
  REGIMEN_CODES,
  REGIMENES_FISCALES,
  type RegimenFiscal,
  RFC_PATTERN,
  rfcKind,
  USOS_CFDI,
  type UsoCfdi,
} from '../../../api/invoicing';
import type { CallFailure } from '../../../machines/shared/callFailure';
import { FailureAlert } from '../../common/FailureAlert';
import { useDwellingSearch } from '../useDwellingSearch';

/** The régimenes an RFC may hold: a 13-character RFC is a persona física, 12 a persona moral. */
export const regimenesFor = (rfc: string): RegimenFiscal[] => {
  if (!RFC_PATTERN.test(rfc)) return REGIMEN_CODES;
  const kind = rfcKind(rfc);
  return REGIMEN_CODES.filter((code) => REGIMENES_FISCALES[code].includes(kind));
};

export function ClientDialog(props: {
  client: Client | null;
  publico: boolean;
  saving: boolean;
  failure: CallFailure | null;
  onSave: (draft: ClientDraft) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const c = props.client;
  const [rfc, setRfc] = useState<string>(c?.rfc ?? (props.publico ? PUBLICO_EN_GENERAL.rfc : ''));
  const [nombre, setNombre] = useState<string>(c?.nombre ?? (props.publico ? PUBLICO_EN_GENERAL.nombre : ''));
  const [regimen, setRegimen] = useState<string>(c?.regimenFiscal ?? (props.publico ? PUBLICO_EN_GENERAL.regimenFiscal : ''));
  const [cp, setCp] = useState(c?.domicilioFiscal ?? '');
  const [uso, setUso] = useState<string>(c?.usoCfdi ?? (props.publico ? PUBLICO_EN_GENERAL.usoCfdi : 'G03'));
  const [email, setEmail] = useState(c?.email ?? '');
  const [dwellings, setDwellings] = useState(c?.dwellings ?? []);
  const [dwellingQuery, setDwellingQuery] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const found = useDwellingSearch(dwellingQuery);

  const allowed = regimenesFor(rfc);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = {
      ...(c ? { id: c.id, version: c.version } : {}),
      rfc: rfc.trim().toUpperCase(),
      nombre: nombre.trim(),
      regimenFiscal: regimen,
      domicilioFiscal: cp.trim(),
      usoCfdi: uso,
      email: email.trim() || null,
      apartmentIds: dwellings.map((d) => d.apartmentId),
    };
    const [invalid, valid] = validate(draft, ClientDraft);
    if (invalid) {
      setProblem(invalid.key ?? 'rfc');
      return;
    }
    if (!allowed.includes(valid.regimenFiscal)) {
      setProblem('regimenFiscal');
      return;
    }
    setProblem(null);
    props.onSave(valid);
  };
  const fieldError = (key: string) =>
    problem === key ? intl.formatMessage({ id: `invoicingScreens.clients.invalid.${key}` }) : null;
  const sat = (catalogue: string, code: string) =>
    intl.formatMessage({ id: `invoicing.sat.${catalogue}.${code}`, defaultMessage: code });

  return (
    <Modal
      opened
      onClose={props.onClose}
      fullScreen={phone}
      title={intl.formatMessage({ id: c ? 'invoicingScreens.clients.edit' : 'invoicingScreens.clients.add' })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {props.failure ? <FailureAlert failure={props.failure} /> : null}
          <TextInput
            label="RFC"
            value={rfc}
            maxLength={13}
            required
            autoCapitalize="characters"
            error={fieldError('rfc')}
            onChange={(e) => setRfc(e.currentTarget.value.toUpperCase())}
          />
          <TextInput
            label={intl.formatMessage({ id: 'invoicingScreens.clients.nombre' })}
            description={intl.formatMessage({ id: 'invoicingScreens.clients.nombreHint' })}
            value={nombre}
            maxLength={254}
            required
            error={fieldError('nombre')}
            onChange={(e) => setNombre(e.currentTarget.value)}
          />
          <NativeSelect
            label={intl.formatMessage({ id: 'invoicingScreens.clients.regimen' })}
            value={regimen}
            required
            error={fieldError('regimenFiscal')}
            onChange={(e) => setRegimen(e.currentTarget.value)}
            data={[
              { value: '', label: intl.formatMessage({ id: 'invoicingScreens.choose' }) },
              ...allowed.map((code) => ({ value: code, label: sat('regimen', code) })),
            ]}
          />
          <TextInput
            label={intl.formatMessage({ id: 'invoicingScreens.clients.cp' })}
            description={
              rfc === PUBLICO_EN_GENERAL.rfc ? intl.formatMessage({ id: 'invoicingScreens.clients.publicoCp' }) : undefined
            }
            value={cp}
            maxLength={5}
            inputMode="numeric"
            required
            error={fieldError('domicilioFiscal')}
            onChange={(e) => setCp(e.currentTarget.value)}
          />
          <NativeSelect
            label={intl.formatMessage({ id: 'invoicingScreens.clients.uso' })}
            value={uso}
            onChange={(e) => setUso(e.currentTarget.value as UsoCfdi)}
            data={USOS_CFDI.map((code) => ({ value: code, label: sat('usoCfdi', code) }))}
          />
          <TextInput
            label={intl.formatMessage({ id: 'invoicingScreens.clients.email' })}
            type="email"
            value={email}
            error={fieldError('email')}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Stack gap={4}>
            <Autocomplete
              label={intl.formatMessage({ id: 'invoicingScreens.clients.dwellings' })}
              description={intl.formatMessage({ id: 'invoicingScreens.clients.dwellingsHint' })}
              value={dwellingQuery}
              onChange={setDwellingQuery}
              data={found.filter((d) => !dwellings.some((x) => x.apartmentId === d.apartmentId)).map((d) => d.name)}
              filter={({ options }) => options}
              onOptionSubmit={(name) => {
                const chosen = found.find((d) => d.name === name);
                if (chosen) setDwellings((list) => [...list, chosen]);
                setDwellingQuery('');
              }}
            />
            {dwellings.length ? (
              <Pill.Group>
                {dwellings.map((d) => (
                  <Pill
                    key={d.apartmentId}
                    withRemoveButton
                    removeButtonProps={{
                      'aria-label': intl.formatMessage({ id: 'invoicingScreens.clients.unlink' }, { name: d.name }),
                    }}
                    onRemove={() => setDwellings((list) => list.filter((x) => x.apartmentId !== d.apartmentId))}
                  >
                    {d.name}
                  </Pill>
                ))}
              </Pill.Group>
            ) : (
              <Text size="sm" c="dimmed">
                <FormattedMessage id="invoicingScreens.clients.noDwellings" />
              </Text>
            )}
          </Stack>
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
