import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
// Add or edit an issuer: every field labelled, errors said beside their field (and announced), the server's
// refusal (a taken RFC, a stale version) above the buttons.
import { Button, Group, NativeSelect, Radio, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { IssuerRow } from '../../../machines/issuersMachine';
import { FailureAlert } from '../../common/FailureAlert';
import { IssuersContext } from '../issuersContext';
import { draftOf, EMPTY_ISSUER, type IssuerErrors, type IssuerValues, issuerErrors, regimenesFor, valuesOf } from './issuerForm';

export function IssuerForm({ editing, onClose }: { editing: IssuerRow | null; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const actor = IssuersContext.useActorRef();
  const saving = IssuersContext.useSelector((s) => s.matches('saving'));
  const saveFailure = IssuersContext.useSelector((s) => s.context.saveFailure);
  const [values, setValues] = useState<IssuerValues>(editing ? valuesOf(editing) : EMPTY_ISSUER);
  const [errors, setErrors] = useState<IssuerErrors>({});
  const set = (field: keyof IssuerValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const error = (field: keyof IssuerValues) => (errors[field] ? t(errors[field]!) : undefined);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = issuerErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0) actor.send({ type: 'save', draft: draftOf(values, editing) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t(editing ? 'invoicing.generalData.edit' : 'invoicing.generalData.add')}>
      <Stack gap="sm">
        <TextInput
          label={t('invoicing.generalData.rfc')}
          value={values.rfc}
          onChange={(e) => set('rfc')(e.currentTarget.value.toUpperCase())}
          error={error('rfc')}
          required
          maxLength={13}
          autoComplete="off"
        />
        <TextInput
          label={t('invoicing.generalData.razonSocial')}
          description={t('invoicing.generalData.razonSocialHelp')}
          value={values.razonSocial}
          onChange={(e) => set('razonSocial')(e.currentTarget.value)}
          error={error('razonSocial')}
          required
        />
        <NativeSelect
          label={t('invoicing.generalData.regimenFiscal')}
          value={values.regimenFiscal}
          onChange={(e) => set('regimenFiscal')(e.currentTarget.value)}
          error={error('regimenFiscal')}
          required
          data={[
            { value: '', label: '—' },
            ...regimenesFor(values.rfc).map((code) => ({ value: code, label: t(`invoicing.sat.regimen.${code}`) })),
          ]}
        />
        <TextInput
          label={t('invoicing.generalData.lugarExpedicion')}
          value={values.lugarExpedicion}
          onChange={(e) => set('lugarExpedicion')(e.currentTarget.value)}
          error={error('lugarExpedicion')}
          inputMode="numeric"
          maxLength={5}
          required
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('invoicing.generalData.serie')}
            value={values.serie}
            onChange={(e) => set('serie')(e.currentTarget.value)}
            error={error('serie')}
            maxLength={25}
          />
          <TextInput
            label={t('invoicing.generalData.nextFolio')}
            value={values.nextFolio}
            onChange={(e) => set('nextFolio')(e.currentTarget.value)}
            error={error('nextFolio')}
            inputMode="numeric"
            required
          />
        </Group>
        <Radio.Group
          label={t('invoicing.generalData.modoInvoice')}
          value={values.modoInvoice}
          onChange={(value) => set('modoInvoice')(value)}
        >
          <Stack gap={6} mt={4}>
            <Radio value="M" label={t('invoicing.generalData.mode.M')} />
            <Radio value="A" label={t('invoicing.generalData.mode.A')} />
          </Stack>
        </Radio.Group>
        {saveFailure ? <FailureAlert failure={saveFailure} /> : null}
        <Group justify="flex-end" wrap="wrap">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('invoicing.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('invoicing.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
