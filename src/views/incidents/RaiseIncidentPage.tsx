import '@mantine/core/styles/Input.css';
// /condominio/recorridos-supervisor/incidentes/nuevo[?punto=<checkpointId>] (issue 31): raising an incident, at a
// round's checkpoint (the round screen opens it with the checkpoint's id), or from the panel: category, severity,
// description, place and up to INCIDENT_MAX_PHOTOS photos. Gate staff, supervisors and administrators
// (canSeeIncidents). A thin view over incidentRaiseMachine.
import { Alert, Button, Group, NativeSelect, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Redirect, useSearch } from 'wouter';
import {
  INCIDENT_CATEGORIES,
  INCIDENT_DESCRIPTION_MAX,
  INCIDENT_MAX_PHOTOS,
  INCIDENT_PLACE_MAX,
  INCIDENT_SCREENS,
  INCIDENT_SEVERITIES,
  type IncidentCategory,
  type IncidentSeverity,
} from '../../api/incidents';
import { canSeeIncidents } from '../../api/permissions';
import type { AttachmentUpload } from '../../api/uploads';
import { type IncidentDraft, incidentRaiseMachine } from '../../machines/incidentRaiseMachine';
import { acceptableFile, readAttachment } from '../common/attachmentFiles';
import { FailureAlert } from '../common/FailureAlert';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';

const EMPTY: IncidentDraft = { category: 'security', severity: 'medium', description: '', place: '', photos: [] };

export default function RaiseIncidentPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'incidents.new' }));
  const point = Number(new URLSearchParams(useSearch()).get('punto'));
  const checkpointId = Number.isInteger(point) && point > 0 ? point : null;
  if (!data) return null;
  if (!canSeeIncidents(data)) return <Redirect to="/comunicacion" replace />;
  return <RaiseForm checkpointId={checkpointId} />;
}

function RaiseForm({ checkpointId }: { checkpointId: number | null }) {
  const intl = useIntl();
  const [state, send] = useMachine(incidentRaiseMachine, {
    input: { checkpointId, source: checkpointId ? 'checkpoint' : 'panel' },
  });
  const [draft, setDraft] = useState<IncidentDraft>(EMPTY);
  const [photoProblem, setPhotoProblem] = useState(false);
  const set = (patch: Partial<IncidentDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const photos: AttachmentUpload[] = draft.photos ?? [];
  const { failure, incident } = state.context;

  const pickPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    const images = files.filter((file) => acceptableFile(file) && file.type.startsWith('image/'));
    setPhotoProblem(images.length !== files.length || photos.length + images.length > INCIDENT_MAX_PHOTOS);
    const read = await Promise.all(images.slice(0, INCIDENT_MAX_PHOTOS - photos.length).map(readAttachment));
    set({ photos: [...photos, ...read] });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit', draft });
  };

  if (state.matches('raised') && incident) {
    return (
      <Stack gap="md">
        <Alert color="green" role="status" title={<FormattedMessage id="incidents.form.raised" />}>
          {incident.place}
        </Alert>
        <Group>
          <Button component={Link} href={INCIDENT_SCREENS.list} variant="default">
            <FormattedMessage id="incidents.title" />
          </Button>
          <Button
            onClick={() => {
              setDraft(EMPTY);
              send({ type: 'again' });
            }}
          >
            <FormattedMessage id="incidents.new" />
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="sm" maw={560}>
        <Title order={2}>
          <FormattedMessage id="incidents.new" />
        </Title>
        {checkpointId ? (
          <Text c="dimmed">
            <FormattedMessage id="incidents.form.checkpoint" values={{ id: checkpointId }} />
          </Text>
        ) : null}
        <NativeSelect
          label={intl.formatMessage({ id: 'incidents.field.category' })}
          value={draft.category}
          data={INCIDENT_CATEGORIES.map((value) => ({ value, label: intl.formatMessage({ id: `incidents.category.${value}` }) }))}
          onChange={(e) => set({ category: e.currentTarget.value as IncidentCategory })}
        />
        <NativeSelect
          label={intl.formatMessage({ id: 'incidents.field.severity' })}
          value={draft.severity}
          data={INCIDENT_SEVERITIES.map((value) => ({ value, label: intl.formatMessage({ id: `incidents.severity.${value}` }) }))}
          onChange={(e) => set({ severity: e.currentTarget.value as IncidentSeverity })}
        />
        <TextInput
          label={intl.formatMessage({ id: 'incidents.field.place' })}
          required
          maxLength={INCIDENT_PLACE_MAX}
          value={draft.place}
          onChange={(e) => set({ place: e.currentTarget.value })}
        />
        <Textarea
          label={intl.formatMessage({ id: 'incidents.field.description' })}
          required
          rows={3}
          maxLength={INCIDENT_DESCRIPTION_MAX}
          value={draft.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} component="label" htmlFor="incident-photos">
            <FormattedMessage id="incidents.field.photos" />
          </Text>
          <input
            id="incident-photos"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            capture="environment"
            multiple
            onChange={pickPhotos}
          />
          <Text size="sm" c="dimmed">
            <FormattedMessage id="incidents.form.photoCount" values={{ count: photos.length }} />
          </Text>
          {photoProblem ? (
            <Text size="sm" c="red">
              <FormattedMessage id="incidents.form.tooManyPhotos" values={{ max: INCIDENT_MAX_PHOTOS }} />
            </Text>
          ) : null}
        </Stack>
        {state.matches('failed') ? <FailureAlert failure={failure} onRetry={() => send({ type: 'retry' })} /> : null}
        <Group>
          <Button
            type="submit"
            loading={state.matches('raising')}
            disabled={!draft.description.trim() || !draft.place.trim()}
            onClick={state.matches('failed') ? () => send({ type: 'edit' }) : undefined}
          >
            <FormattedMessage id="incidents.form.submit" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
