// What the guest is invited to (spec §2.6): for events Nombre, Descripcion, UserName, date and time
// (DD/MM/YYYY hh:mm A), attendees and the access point; for a resident's link, who invites.
import '@mantine/core/styles/Anchor.css';
import { Anchor, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { GuestFormInfo } from '../../api/guests';
import { dwellingText, formatEventStart, mapLink } from '../common/passFormat';
import { Panel } from '../common/VisitorBlocks';

export function EventSummary({ info }: { info: GuestFormInfo }) {
  const { data } = info;
  const dwelling = dwellingText(data.Torre, data.AptName);
  if (info.type === 'user') {
    return (
      <Panel>
        <Text fw={600}>
          <FormattedMessage id="guest.userHost" values={{ name: data.UserName }} />
        </Text>
        {dwelling && <Text size="sm">{dwelling}</Text>}
      </Panel>
    );
  }
  if (info.type !== 'event') return null;
  return (
    <Panel aria-label={data.Nombre ?? undefined}>
      <Stack gap={4}>
        <Text fw={700} size="lg" data-testid="event-name">
          {data.Nombre}
        </Text>
        {data.Descripcion && <Text size="sm">{data.Descripcion}</Text>}
        {data.UserName && (
          <Text size="sm">
            <FormattedMessage id="guest.event.host" values={{ name: data.UserName }} />
          </Text>
        )}
        {data.FechaInicio && data.HoraInicio && (
          <Text size="sm" data-testid="event-when">
            <FormattedMessage id="guest.event.when" values={{ when: formatEventStart(data.FechaInicio, data.HoraInicio) }} />
          </Text>
        )}
        <Text size="sm">
          {data.NumeroDeAsistentes > 0 ? (
            <FormattedMessage id="guest.event.attendees" values={{ count: data.NumeroDeAsistentes }} />
          ) : (
            <FormattedMessage id="guest.event.noAttendees" />
          )}
        </Text>
        {data.PuntoDeAcceso && (
          <Text size="sm">
            <FormattedMessage id="guest.accessPoint" values={{ name: data.PuntoDeAcceso.Nombre }} />{' '}
            <Anchor href={mapLink(data.PuntoDeAcceso)} target="_blank" rel="noopener noreferrer" size="sm">
              <FormattedMessage id="guest.mapLink" />
            </Anchor>
          </Text>
        )}
        {data.NotaVisitante && (
          <Text size="sm" c="dimmed">
            {data.NotaVisitante}
          </Text>
        )}
        {data.Invitacion && (
          <Anchor href={data.Invitacion} target="_blank" rel="noopener noreferrer" size="sm">
            <FormattedMessage id="guest.invitation" />
          </Anchor>
        )}
      </Stack>
    </Panel>
  );
}
