import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Modal.css';
// listado-blogs, right side: the selected blog's editor, a thin view over blogEditorMachine. Which fields
// show is the shared rule (visibleBlogFields); Guardar is enabled when the machine can take `save`.
import { Alert, Button, Card, Group, Loader, Modal, NativeSelect, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  ARREARS_DAYS_CHOICES,
  type BlogFieldName,
  type BlogFormField,
  blogFormErrors,
  CONFIRMATION_MESSAGE_MAX,
  postingOptions,
  visibleBlogFields,
} from '../../api/blogs';
import { blogEditorMachine, selectedCount } from '../../machines/blogEditorMachine';
import { FailureAlert } from '../common/FailureAlert';
import { ResidentSelector } from './ResidentSelector';

type Option = { value: string; labelId: string; values?: Record<string, number> };
const YES_NO: Option[] = [
  { value: 'Y', labelId: 'blogs.option.yes' },
  { value: 'N', labelId: 'blogs.option.no' },
];
const ONE_ZERO: Option[] = [
  { value: '1', labelId: 'blogs.option.yes' },
  { value: '0', labelId: 'blogs.option.no' },
];
/** TiempoMoroso in days (src/api/blogs.ts): the usual choices, plus any other value already stored. */
function arrearsOptions(current: number): Option[] {
  const days = ARREARS_DAYS_CHOICES.includes(current as never) ? [...ARREARS_DAYS_CHOICES] : [...ARREARS_DAYS_CHOICES, current];
  return days.map((d) => ({
    value: String(d),
    labelId: d === 0 ? 'blogs.option.arrears0' : 'blogs.option.arrearsDays',
    values: { days: d },
  }));
}
const NUMERIC: ReadonlySet<BlogFormField> = new Set([
  'VistaxTorre',
  'SolPrivada',
  'PublicoPrivado',
  'TiempoMoroso',
  'VerResultados',
  'EnviarCopia',
]);

export function BlogEditor({ sectionId, onSaved }: { sectionId: number; onSaved: () => void }) {
  const intl = useIntl();
  const actor = useActorRef(blogEditorMachine, { input: { sectionId } });
  const state = useSelector(actor, (s) => s);
  useEffect(() => {
    const subscription = actor.on('saved', () => onSaved());
    return () => subscription.unsubscribe();
  }, [actor, onSaved]);

  const { form, failure } = state.context;
  if (state.matches('loadFailed')) {
    return (
      <Card withBorder radius="md" padding="lg">
        <FailureAlert
          failure={failure}
          title={<FormattedMessage id="blogs.editor.loadFailed" />}
          onRetry={() => actor.send({ type: 'retry' })}
          retryLabel={<FormattedMessage id="blogs.retry" />}
        />
      </Card>
    );
  }
  if (!form) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Loader size="sm" aria-label={intl.formatMessage({ id: 'blogs.editor.title' })} />
      </Card>
    );
  }

  const shown = visibleBlogFields(form);
  const errors = blogFormErrors(form);
  const busy = state.hasTag('busy');
  const change = (field: BlogFormField, raw: string) =>
    actor.send({ type: 'change', field, value: NUMERIC.has(field) ? Number(raw) : raw });
  const select = (field: BlogFieldName | 'SectStatus', options: Option[]) => (
    <NativeSelect
      key={field}
      label={<FormattedMessage id={`blogs.field.${field}`} />}
      value={String(form[field])}
      data={options.map((o) => ({ value: o.value, label: intl.formatMessage({ id: o.labelId }, o.values) }))}
      onChange={(e) => change(field, e.currentTarget.value)}
      disabled={busy}
      error={errors[field] ? intl.formatMessage({ id: errors[field] }) : undefined}
    />
  );
  const count = selectedCount(state.context);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={intl.formatMessage({ id: 'blogs.editor.title' })}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4">
            <FormattedMessage id="blogs.editor.title" />
          </Title>
          <Text size="sm" c="dimmed">
            {form.SectCode ? (
              <FormattedMessage id="blogs.code" values={{ code: form.SectCode }} />
            ) : (
              <FormattedMessage id="blogs.codeGeneric" />
            )}
          </Text>
        </Group>
        <TextInput
          label={<FormattedMessage id="blogs.field.SectName" />}
          required
          value={form.SectName}
          disabled={busy}
          onChange={(e) => change('SectName', e.currentTarget.value)}
          error={errors.SectName ? intl.formatMessage({ id: errors.SectName }) : undefined}
        />
        {select('SectStatus', [
          { value: 'A', labelId: 'blogs.option.statusA' },
          { value: 'I', labelId: 'blogs.option.statusI' },
        ])}
        {shown.has('SectPosting') &&
          select(
            'SectPosting',
            postingOptions(form.SectCode).map((value) => ({ value, labelId: `blogs.option.posting${value}` })),
          )}
        {shown.has('CommentsDisplay') && select('CommentsDisplay', YES_NO)}
        {shown.has('PublicoPrivado') && select('PublicoPrivado', ONE_ZERO)}
        {shown.has('SolPrivada') && select('SolPrivada', ONE_ZERO)}
        {shown.has('ExclusivaUsuarios') && select('ExclusivaUsuarios', YES_NO)}
        {form.ExclusivaUsuarios === 'Y' && shown.has('ExclusivaUsuarios') ? (
          <Group justify="space-between">
            <Text size="sm" role="status" aria-label={intl.formatMessage({ id: 'blogs.selectResidents' })}>
              <FormattedMessage id="blogs.selectedCount" values={{ count }} />
            </Text>
            <Button
              variant="light"
              onClick={() => actor.send({ type: 'openSelector' })}
              disabled={!state.can({ type: 'openSelector' })}
            >
              <FormattedMessage id="blogs.selectResidents" />
            </Button>
          </Group>
        ) : null}
        {shown.has('VistaxTorre') && select('VistaxTorre', ONE_ZERO)}
        {shown.has('VerResultados') &&
          select('VerResultados', [
            { value: '0', labelId: 'blogs.option.results0' },
            { value: '1', labelId: 'blogs.option.results1' },
            { value: '2', labelId: 'blogs.option.results2' },
          ])}
        {shown.has('TiempoMoroso') && select('TiempoMoroso', arrearsOptions(form.TiempoMoroso))}
        {shown.has('EnviarCopia') && select('EnviarCopia', ONE_ZERO)}
        {shown.has('MensajeConfirmacion') ? (
          <Textarea
            label={<FormattedMessage id="blogs.field.MensajeConfirmacion" />}
            value={form.MensajeConfirmacion ?? ''}
            disabled={busy}
            rows={2}
            onChange={(e) => change('MensajeConfirmacion', e.currentTarget.value)}
            description={`${(form.MensajeConfirmacion ?? '').length}/${CONFIRMATION_MESSAGE_MAX}`}
            error={errors.MensajeConfirmacion ? intl.formatMessage({ id: errors.MensajeConfirmacion }) : undefined}
          />
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button onClick={() => actor.send({ type: 'save' })} disabled={!state.can({ type: 'save' })} loading={busy}>
            <FormattedMessage id="blogs.save" />
          </Button>
        </Group>
      </Stack>

      {state.matches({ editing: 'selector' }) ? <ResidentSelector actor={actor} /> : null}

      <Modal
        opened={state.matches('confirming') || state.matches('saving') || state.matches('saveFailed')}
        onClose={() => actor.send({ type: 'cancel' })}
        title={<FormattedMessage id="blogs.confirm.title" />}
        centered
      >
        <Stack gap="md">
          <Text>
            <FormattedMessage id="blogs.confirm.body" values={{ name: form.SectName.trim() }} />
          </Text>
          {state.matches('saveFailed') ? (
            <FailureAlert failure={failure} title={<FormattedMessage id="blogs.saveFailed" />} />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'cancel' })} disabled={state.matches('saving')}>
              <FormattedMessage id="blogs.cancel" />
            </Button>
            {state.matches('saveFailed') ? (
              <Button onClick={() => actor.send({ type: 'retry' })}>
                <FormattedMessage id="blogs.retry" />
              </Button>
            ) : (
              <Button onClick={() => actor.send({ type: 'confirm' })} loading={state.matches('saving')}>
                <FormattedMessage id="blogs.confirm.yes" />
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>

      {state.matches('saved') ? (
        <Alert
          color="green"
          role="status"
          title={<FormattedMessage id="blogs.saved" />}
          style={{ position: 'fixed', bottom: 24, left: '50%', transform: 'translateX(-50%)', zIndex: 300, minWidth: 240 }}
        />
      ) : null}
    </Card>
  );
}
