import '@mantine/core/styles/Modal.css';
// '+ Blog': the new-blog dialog, a thin view over newBlogMachine (invoked by the blog list). A required
// choice can be set back to 'Elige una opción'; errors show on touched fields; Crear marks every field.
import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { type NewBlogField, type NewBlogValues, newBlogErrors, postingOptions } from '../../api/blogs';
import type { newBlogMachine } from '../../machines/newBlogMachine';

type Choice = { value: string; labelId: string };

const CHOICES: Record<Exclude<NewBlogField, 'SectName'>, Choice[]> = {
  SectStatus: [
    { value: 'A', labelId: 'blogs.option.statusA' },
    { value: 'I', labelId: 'blogs.option.statusI' },
  ],
  // A new blog has no code yet: every posting mode the rule offers for a plain blog.
  SectPosting: postingOptions('').map((value) => ({ value, labelId: `blogs.option.posting${value}` })),
  CommentsDisplay: [
    { value: 'Y', labelId: 'blogs.option.yes' },
    { value: 'N', labelId: 'blogs.option.no' },
  ],
  PublicoPrivado: [
    { value: '1', labelId: 'blogs.option.yes' },
    { value: '0', labelId: 'blogs.option.no' },
  ],
  VistaxTorre: [
    { value: '1', labelId: 'blogs.option.yes' },
    { value: '0', labelId: 'blogs.option.no' },
  ],
};

const NUMERIC: ReadonlySet<NewBlogField> = new Set(['PublicoPrivado', 'VistaxTorre']);

export function NewBlogDialog({ actor }: { actor: ActorRefFrom<typeof newBlogMachine> }) {
  const intl = useIntl();
  const { values, touched } = useSelector(actor, (s) => s.context);
  const errors = newBlogErrors(values);
  const errorOf = (field: NewBlogField) =>
    touched[field] && errors[field] ? intl.formatMessage({ id: errors[field] }) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'submit' });
  };
  const choice = (field: Exclude<NewBlogField, 'SectName'>) => (
    <NativeSelect
      key={field}
      label={<FormattedMessage id={`blogs.field.${field}`} />}
      required
      value={values[field] === null ? '' : String(values[field])}
      data={[
        { value: '', label: intl.formatMessage({ id: 'blogs.option.chooseOne' }) },
        ...CHOICES[field].map((c) => ({ value: c.value, label: intl.formatMessage({ id: c.labelId }) })),
      ]}
      onChange={(e) => {
        const raw = e.currentTarget.value;
        const value = raw === '' ? null : NUMERIC.has(field) ? Number(raw) : raw;
        actor.send({ type: 'change', field, value: value as NewBlogValues[typeof field] });
      }}
      onBlur={() => actor.send({ type: 'blur', field })}
      error={errorOf(field)}
    />
  );
  return (
    <Modal opened onClose={() => actor.send({ type: 'cancel' })} title={<FormattedMessage id="blogs.new.title" />} centered>
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'blogs.new.title' })}>
        <Stack gap="sm">
          <TextInput
            label={<FormattedMessage id="blogs.field.SectName" />}
            required
            data-autofocus
            value={values.SectName}
            onChange={(e) => actor.send({ type: 'change', field: 'SectName', value: e.currentTarget.value })}
            onBlur={() => actor.send({ type: 'blur', field: 'SectName' })}
            error={errorOf('SectName')}
          />
          {choice('SectStatus')}
          {choice('SectPosting')}
          {choice('CommentsDisplay')}
          {choice('PublicoPrivado')}
          {choice('VistaxTorre')}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={() => actor.send({ type: 'cancel' })}>
              <FormattedMessage id="blogs.cancel" />
            </Button>
            <Button type="submit">
              <FormattedMessage id="blogs.new.create" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
