import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Image.css';
// configuracion's tab 'condominio' (issue 16): the condominium's settings, a thin view over
// condoSettingsMachine. A save refreshes the session data, so the menus (MostrarIngresos, displaydirectory),
// the header's name and the privacy dialog follow at once.
import {
  Alert,
  Anchor,
  Button,
  Fieldset,
  FileButton,
  Group,
  Image,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  COLOR_MESSAGES,
  CONDO_COLORS,
  type CondoSettingsField,
  type CondoSettingsFields,
  type DISPLAY_DIRECTORY,
  LOGO_MAX_BYTES,
  type MOSTRAR_INGRESOS,
  SETTINGS_LIMITS,
  type TIPO_AVISOS,
  type TIPO_DESCARGA,
} from '../../api/condoSettings';
import { condoLogoUrl } from '../../api/condoSettingsLogo';
import type { MessageId } from '../../i18n/messages';
import { condoSettingsMachine, problemsOf, resetsPrivacy } from '../../machines/condoSettingsMachine';
import { readAsDataUrl } from '../../services/profileService';
import { FailureAlert } from '../common/FailureAlert';
import { FailureText } from '../common/FailureText';
import { PageLoader } from '../common/PageLoader';
import { SessionContext } from '../common/SessionContext';
import { GateSettingsFieldset } from './GateSettingsFieldset';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

const MOSTRAR_MESSAGES: Record<(typeof MOSTRAR_INGRESOS)[number], MessageId> = {
  T: 'condoSettings.mostrarIngresos.T',
  M: 'condoSettings.mostrarIngresos.M',
  X: 'condoSettings.mostrarIngresos.X',
};
const DIRECTORY_MESSAGES: Record<(typeof DISPLAY_DIRECTORY)[number], MessageId> = {
  R: 'condoSettings.displayDirectory.R',
  E: 'condoSettings.displayDirectory.E',
  M: 'condoSettings.displayDirectory.M',
};
const AVISOS_MESSAGES: Record<(typeof TIPO_AVISOS)[number], MessageId> = {
  email: 'condoSettings.tipoAvisos.email',
  app: 'condoSettings.tipoAvisos.app',
  ambos: 'condoSettings.tipoAvisos.ambos',
};
const DESCARGA_MESSAGES: Record<(typeof TIPO_DESCARGA)[number], MessageId> = {
  pdf: 'condoSettings.tipoDescarga.pdf',
  zip: 'condoSettings.tipoDescarga.zip',
};

function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

export default function CondoSettingsTab() {
  const intl = useIntl();
  const session = SessionContext.useActorRef();
  const machine = useMemo(
    () => condoSettingsMachine.provide({ actions: { refreshSession: () => session.send({ type: 'refresh' }) } }),
    [session],
  );
  const [state, send] = useMachine(machine);
  const { settings, draft, serverProblem, failure, logoFailure } = state.context;
  const zones = useMemo(() => timeZones(draft?.timeZone ?? 'America/Mexico_City'), [draft?.timeZone]);

  if (state.matches('loading')) return <PageLoader />;
  if (state.matches('loadFailed') || !settings || !draft) {
    return (
      <FailureAlert
        failure={failure}
        title={intl.formatMessage({ id: 'condoSettings.loadFailed' })}
        onRetry={() => send({ type: 'retry' })}
        retryLabel={<FormattedMessage id="condoSettings.retry" />}
      />
    );
  }

  const showProblems = state.matches('invalid');
  const problems = showProblems ? problemsOf(state.context) : {};
  const problemOf = (field: CondoSettingsField): string | undefined => {
    if (serverProblem?.field === field) return serverProblem.message;
    const id = problems[field];
    return id ? intl.formatMessage({ id }) : undefined;
  };
  const saving = state.matches('saving');
  const busy = state.hasTag('busy');
  const edit = (patch: Partial<CondoSettingsFields>) => send({ type: 'edit', patch });
  const label = (id: string) => intl.formatMessage({ id: `condoSettings.field.${id}` as 'condoSettings.field.name' });
  const text = (field: CondoSettingsField, max: number, extra: { multiline?: boolean; autoComplete?: string } = {}) => {
    const common = {
      label: label(field),
      value: String(draft[field]),
      maxLength: max,
      error: problemOf(field),
      disabled: busy,
      onChange: (event: { currentTarget: { value: string } }) => edit({ [field]: event.currentTarget.value }),
    };
    return extra.multiline ? (
      <Textarea key={field} {...common} minRows={4} />
    ) : (
      <TextInput key={field} {...common} autoComplete={extra.autoComplete ?? 'off'} />
    );
  };
  const options = <T extends string>(messages: Record<T, MessageId>) =>
    (Object.entries(messages) as [T, MessageId][]).map(([value, id]) => ({ value, label: intl.formatMessage({ id }) }));

  const chooseLogo = async (file: File | null) => {
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type) || file.size > LOGO_MAX_BYTES) {
      window.alert(
        intl.formatMessage({ id: file.size > LOGO_MAX_BYTES ? 'condoSettings.logo.tooLarge' : 'condoSettings.logo.wrongType' }),
      );
      return;
    }
    send({ type: 'changeLogo', dataUrl: await readAsDataUrl(file) });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'save' });
      }}
    >
      <Stack gap="lg">
        <Fieldset legend={intl.formatMessage({ id: 'condoSettings.section.general' })}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('name', SETTINGS_LIMITS.name)}
              {text('adminCompany', SETTINGS_LIMITS.adminCompany)}
              <NativeSelect
                label={label('backgroundColor')}
                value={draft.backgroundColor}
                disabled={busy}
                data={CONDO_COLORS.map((value) => ({ value, label: intl.formatMessage({ id: COLOR_MESSAGES[value] }) }))}
                onChange={(event) =>
                  edit({ backgroundColor: event.currentTarget.value as CondoSettingsFields['backgroundColor'] })
                }
              />
              <NativeSelect
                label={label('timeZone')}
                value={draft.timeZone}
                disabled={busy}
                error={problemOf('timeZone')}
                data={zones}
                onChange={(event) => edit({ timeZone: event.currentTarget.value })}
              />
            </SimpleGrid>
            <Group gap="md" align="center">
              {settings.logoFileName ? (
                <Image
                  src={condoLogoUrl(settings.condoId, settings.logoFileName)}
                  alt={intl.formatMessage({ id: 'condoSettings.logo.alt' }, { name: settings.fields.name })}
                  h={64}
                  w="auto"
                  fit="contain"
                />
              ) : (
                <Text size="sm" c="dimmed">
                  <FormattedMessage id="condoSettings.logo.none" />
                </Text>
              )}
              <FileButton onChange={(file) => void chooseLogo(file)} accept={LOGO_TYPES.join(',')} disabled={busy}>
                {(props) => (
                  <Button variant="light" {...props} loading={state.matches('changingLogo')}>
                    <FormattedMessage id="condoSettings.logo.choose" />
                  </Button>
                )}
              </FileButton>
              {settings.logoFileName ? (
                <Button variant="subtle" color="red" disabled={busy} onClick={() => send({ type: 'changeLogo', dataUrl: null })}>
                  <FormattedMessage id="condoSettings.logo.remove" />
                </Button>
              ) : null}
              <Text size="xs" c="dimmed">
                <FormattedMessage id="condoSettings.logo.hint" />
              </Text>
            </Group>
            {logoFailure ? <FailureAlert failure={logoFailure} /> : null}
          </Stack>
        </Fieldset>

        <Fieldset legend={intl.formatMessage({ id: 'condoSettings.section.public' })}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('address1', SETTINGS_LIMITS.address)}
              {text('address2', SETTINGS_LIMITS.address)}
              {text('city', SETTINGS_LIMITS.city)}
              {text('state', SETTINGS_LIMITS.state)}
              {text('zip', SETTINGS_LIMITS.zip)}
              {text('country', SETTINGS_LIMITS.country)}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {(['1', '2'] as const).map((n) => (
                <Group key={n} gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    w={110}
                    label={label('phoneCountry')}
                    leftSection="+"
                    value={draft[`phoneCountry${n}`]}
                    maxLength={SETTINGS_LIMITS.phoneCountry}
                    inputMode="numeric"
                    error={problemOf(`phoneCountry${n}`)}
                    disabled={busy}
                    onChange={(event) => edit({ [`phoneCountry${n}`]: event.currentTarget.value })}
                  />
                  <TextInput
                    style={{ flex: 1 }}
                    label={label(`phone${n}`)}
                    type="tel"
                    value={draft[`phone${n}`]}
                    maxLength={SETTINGS_LIMITS.phone}
                    error={problemOf(`phone${n}`)}
                    disabled={busy}
                    onChange={(event) => edit({ [`phone${n}`]: event.currentTarget.value })}
                  />
                </Group>
              ))}
            </SimpleGrid>
            {text('mapa', SETTINGS_LIMITS.mapa, { multiline: true })}
            {text('publicidad', SETTINGS_LIMITS.publicidad)}
            {text('masInformacion', SETTINGS_LIMITS.masInformacion, { multiline: true })}
            <Anchor href={`/pagina-publica?id=${settings.condoId}`} target="_blank" rel="noopener" size="sm">
              <FormattedMessage id="condoSettings.publicPage" />
            </Anchor>
          </Stack>
        </Fieldset>

        <Fieldset legend={intl.formatMessage({ id: 'condoSettings.section.privacy' })}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              <FormattedMessage id="condoSettings.privacy.hint" />
            </Text>
            {text('avisoPrivacidad', SETTINGS_LIMITS.avisoPrivacidad, { multiline: true })}
            <Switch
              label={label('avisoActivo')}
              checked={draft.avisoActivo}
              disabled={busy}
              onChange={(event) => edit({ avisoActivo: event.currentTarget.checked })}
            />
            {resetsPrivacy(settings, draft) ? (
              <Alert color="yellow" p="xs">
                <FormattedMessage id="condoSettings.privacy.willReset" />
              </Alert>
            ) : null}
          </Stack>
        </Fieldset>

        <Fieldset legend={intl.formatMessage({ id: 'condoSettings.section.options' })}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label={label('mostrarIngresos')}
              value={draft.mostrarIngresos}
              disabled={busy}
              data={options(MOSTRAR_MESSAGES)}
              onChange={(event) => edit({ mostrarIngresos: event.currentTarget.value as CondoSettingsFields['mostrarIngresos'] })}
            />
            <NativeSelect
              label={label('displayDirectory')}
              value={draft.displayDirectory}
              disabled={busy}
              data={options(DIRECTORY_MESSAGES)}
              onChange={(event) =>
                edit({ displayDirectory: event.currentTarget.value as CondoSettingsFields['displayDirectory'] })
              }
            />
            <NativeSelect
              label={label('tipoAvisos')}
              value={draft.tipoAvisos}
              disabled={busy}
              data={options(AVISOS_MESSAGES)}
              onChange={(event) => edit({ tipoAvisos: event.currentTarget.value as CondoSettingsFields['tipoAvisos'] })}
            />
            <NativeSelect
              label={label('tipoDescarga')}
              value={draft.tipoDescarga}
              disabled={busy}
              data={options(DESCARGA_MESSAGES)}
              onChange={(event) => edit({ tipoDescarga: event.currentTarget.value as CondoSettingsFields['tipoDescarga'] })}
            />
          </SimpleGrid>
        </Fieldset>

        <GateSettingsFieldset draft={draft} disabled={busy} problemOf={problemOf} edit={edit} />

        {showProblems ? (
          <Alert color="red" role="alert" p="xs">
            <FormattedMessage id="condoSettings.invalid" />
          </Alert>
        ) : null}
        {state.matches('stale') ? (
          <Alert color="yellow" role="alert" title={intl.formatMessage({ id: 'condoSettings.stale' })}>
            <Group gap="sm" mt="xs">
              <Button variant="light" onClick={() => send({ type: 'takeFresh' })}>
                <FormattedMessage id="condoSettings.stale.takeFresh" />
              </Button>
              <Button variant="subtle" onClick={() => send({ type: 'keepMine' })}>
                <FormattedMessage id="condoSettings.stale.keepMine" />
              </Button>
            </Group>
          </Alert>
        ) : null}
        {state.matches('failed') ? (
          <Alert color="red" role="alert" title={intl.formatMessage({ id: 'condoSettings.failed' })}>
            <Text size="sm">
              <FailureText failure={failure} />
            </Text>
            <Group gap="sm" mt="xs">
              <Button variant="light" onClick={() => send({ type: 'retry' })}>
                <FormattedMessage id="condoSettings.retry" />
              </Button>
              <Button variant="subtle" onClick={() => send({ type: 'back' })}>
                <FormattedMessage id="condoSettings.back" />
              </Button>
            </Group>
          </Alert>
        ) : null}
        {state.matches('saved') ? (
          <Alert color="green" role="status" p="xs">
            <FormattedMessage id="condoSettings.saved" />
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={saving} disabled={busy && !saving}>
            <FormattedMessage id="condoSettings.save" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
