import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/SegmentedControl.css';
// Step 1 of crear-factura: the issuer (when there are several in manual mode), then concepts from the catalogue,
// free with their SAT keys, or from a dwelling's charges; the list of concepts with their amounts.
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { IVA_TREATMENTS, OBJETOS_IMP } from '../../../api/invoicing';
import { type CreateInvoiceContext, type CreateInvoiceEvent, conceptOfCharge } from '../../../machines/createInvoiceMachine';
import { FailureAlert } from '../../common/FailureAlert';
import { formatMxn } from '../money';
import { useDwellingSearch } from '../useDwellingSearch';
import { type ConceptValues, conceptOf, conceptProblem, FREE_CONCEPT, importeOf, valuesOfProduct } from './conceptForm';

interface Props {
  context: CreateInvoiceContext;
  loadingCharges: boolean;
  can: (event: CreateInvoiceEvent) => boolean;
  send: (event: CreateInvoiceEvent) => void;
}

export function ConceptsStep({ context, loadingCharges, can, send }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [source, setSource] = useState<'catalogue' | 'dwelling'>('catalogue');
  const [values, setValues] = useState<ConceptValues>(FREE_CONCEPT);
  const [apartment, setApartment] = useState('');
  const [tried, setTried] = useState(false);
  const found = useDwellingSearch(apartment);
  const set = (field: keyof ConceptValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const manual = context.issuers.filter((issuer) => issuer.modoInvoice === 'M');
  const products = context.products.filter((product) => product.active);
  const concept = conceptOf(values);

  const add = () => {
    setTried(true);
    if (!concept) return;
    send({ type: 'addConcept', concept });
    setValues(FREE_CONCEPT);
    setTried(false);
  };

  return (
    <Stack gap="md">
      {manual.length > 1 ? (
        <NativeSelect
          label={t('invoicing.create.issuer')}
          value={String(context.issuerId ?? '')}
          onChange={(e) => send({ type: 'chooseIssuer', issuerId: Number(e.currentTarget.value) })}
          data={manual.map((issuer) => ({ value: String(issuer.id), label: `${issuer.rfc} · ${issuer.razonSocial}` }))}
        />
      ) : null}
      <SegmentedControl
        fullWidth
        aria-label={t('invoicing.create.source')}
        value={source}
        onChange={(value) => setSource(value as 'catalogue' | 'dwelling')}
        data={[
          { value: 'catalogue', label: t('invoicing.create.source.catalogue') },
          { value: 'dwelling', label: t('invoicing.create.source.dwelling') },
        ]}
      />
      {source === 'dwelling' ? (
        <Autocomplete
          label={t('invoicing.create.dwelling')}
          description={t('invoicing.create.dwellingHint')}
          value={apartment}
          onChange={setApartment}
          data={found.map((d) => d.name)}
          filter={({ options }) => options}
          disabled={loadingCharges}
          onOptionSubmit={(name) => {
            const chosen = found.find((d) => d.name === name);
            if (chosen) send({ type: 'chooseDwelling', apartmentId: chosen.apartmentId });
          }}
        />
      ) : (
        <Card withBorder padding="md" radius="md">
          <Stack gap="sm">
            <NativeSelect
              label={t('invoicing.create.product')}
              value={values.productId}
              onChange={(e) => {
                const product = products.find((p) => String(p.id) === e.currentTarget.value);
                setValues(product ? valuesOfProduct(product) : FREE_CONCEPT);
              }}
              data={[
                { value: '', label: t('invoicing.create.free') },
                ...products.map((product) => ({ value: String(product.id), label: product.name })),
              ]}
            />
            <TextInput
              label={t('invoicing.create.descripcion')}
              value={values.descripcion}
              onChange={(e) => set('descripcion')(e.currentTarget.value)}
              required
            />
            <Group grow wrap="wrap" align="flex-start">
              <TextInput
                label={t('invoicing.create.claveProdServ')}
                value={values.claveProdServ}
                onChange={(e) => set('claveProdServ')(e.currentTarget.value)}
                inputMode="numeric"
                maxLength={8}
                required
              />
              <TextInput
                label={t('invoicing.create.claveUnidad')}
                value={values.claveUnidad}
                onChange={(e) => set('claveUnidad')(e.currentTarget.value.toUpperCase())}
                maxLength={3}
                required
              />
            </Group>
            <Group grow wrap="wrap" align="flex-start">
              <TextInput
                label={t('invoicing.create.cantidad')}
                value={values.cantidad}
                onChange={(e) => set('cantidad')(e.currentTarget.value)}
                inputMode="decimal"
                required
              />
              <TextInput
                label={t('invoicing.create.valorUnitario')}
                value={values.precio}
                onChange={(e) => set('precio')(e.currentTarget.value)}
                inputMode="decimal"
                leftSection="$"
                required
              />
            </Group>
            <Group grow wrap="wrap" align="flex-start">
              <NativeSelect
                label={t('invoicing.create.objetoImp')}
                value={values.objetoImp}
                onChange={(e) => set('objetoImp')(e.currentTarget.value)}
                data={OBJETOS_IMP.map((code) => ({ value: code, label: t(`invoicing.sat.objetoImp.${code}`) }))}
              />
              {values.objetoImp === '02' ? (
                <NativeSelect
                  label={t('invoicing.create.iva')}
                  value={values.iva}
                  onChange={(e) => set('iva')(e.currentTarget.value)}
                  data={IVA_TREATMENTS.map((code) => ({ value: code, label: t(`invoicing.sat.iva.${code}`) }))}
                />
              ) : null}
            </Group>
            {tried && !concept ? (
              <Alert color="red" role="alert">
                {t(`invoicing.create.${conceptProblem(values) ?? 'badConcept'}`)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={add}>
                {t('invoicing.create.addProduct')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {source === 'dwelling' && context.offeredCharges.length > 0 ? <OlderCharges context={context} send={send} /> : null}
      {loadingCharges ? (
        <Group role="status" gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('invoicing.loading')}</Text>
        </Group>
      ) : null}
      {context.failure && !loadingCharges ? <FailureAlert failure={context.failure} /> : null}
      <Stack gap="xs" component="section" aria-label={t('invoicing.create.concepts')}>
        <Title order={3} size="h5">
          {t('invoicing.create.concepts')}
        </Title>
        {context.concepts.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('invoicing.create.noConcepts')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {context.concepts.map((c, index) => (
              <Card key={`${c.chargeId ?? 'c'}-${index}`} component="li" withBorder padding="xs" radius="sm">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {c.descripcion}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.cantidad} × {formatMxn(intl, c.valorUnitarioCents)} · {c.claveProdServ}/{c.claveUnidad}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm">{formatMxn(intl, importeOf(c))}</Text>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('invoicing.create.remove', { name: c.descripcion })}
                      onClick={() => send({ type: 'removeConcept', index })}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
      <Group justify="flex-end">
        <Button disabled={!can({ type: 'next' })} onClick={() => send({ type: 'next' })}>
          {t('invoicing.continue')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The chosen dwelling's older charges still owed (this month's are added on their own): a checklist, none ticked,
 * each added as a concept when ticked and taken out when unticked (issue 28 #9).
 */
function OlderCharges({ context, send }: Pick<Props, 'context' | 'send'>) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Stack gap={4} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" size="sm" fw={500}>
        {t('invoicing.create.olderCharges')}
      </Text>
      {context.offeredCharges.map((charge) => {
        const index = context.concepts.findIndex((c) => c.chargeId === charge.id);
        const concept = conceptOfCharge(charge, context.products);
        return (
          <Checkbox
            key={charge.id}
            checked={index >= 0}
            disabled={concept === null}
            label={t('invoicing.create.olderCharge', {
              concept: charge.concept,
              date: charge.chargedOn,
              amount: formatMxn(intl, charge.amountCents),
            })}
            description={concept === null ? t('invoicing.create.olderChargeNoProduct') : undefined}
            onChange={(event) => {
              if (event.currentTarget.checked && concept) send({ type: 'addConcept', concept });
              else if (index >= 0) send({ type: 'removeConcept', index });
            }}
          />
        );
      })}
    </Stack>
  );
}
