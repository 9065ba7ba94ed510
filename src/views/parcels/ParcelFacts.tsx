// What a parcel says wherever it is shown: carrier and size, tracking number, when it arrived, its note, its
// photo, and once collected, when, how and by whom.
import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import type { Parcel } from '../../api/parcels';

/** A wall-clock time of the condominium ('YYYY-MM-DD HH:mm', already in its zone) in the reader's words. */
const wallClock = (intl: IntlShape, local: string) =>
  intl.formatDate(`${local.slice(0, 10)}T${local.slice(11, 16)}:00Z`, {
    timeZone: 'UTC',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

export function ParcelFacts({ parcel }: { parcel: Parcel }) {
  const intl = useIntl();
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Text fw={700} size="lg">
          {parcel.carrier}
        </Text>
        <Badge variant="light" size="lg">
          <FormattedMessage id={`parcels.size.${parcel.size}`} />
        </Badge>
      </Group>
      {parcel.tracking ? (
        <Text size="sm">
          <FormattedMessage id="parcels.tracking" values={{ tracking: parcel.tracking }} />
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        <FormattedMessage id="parcels.arrivedAt" values={{ at: wallClock(intl, parcel.arrivedAt) }} />
      </Text>
      {parcel.note ? <Text size="sm">{parcel.note}</Text> : null}
      {parcel.photoUrl ? (
        <Anchor href={parcel.photoUrl} target="_blank" rel="noopener" size="sm">
          <FormattedMessage id="parcels.photo" />
        </Anchor>
      ) : null}
      {parcel.status === 'collected' ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage
            id={`parcels.collected.${parcel.collectedMethod ?? 'code'}`}
            values={{ at: parcel.collectedAt ? wallClock(intl, parcel.collectedAt) : '', name: parcel.collectedByName ?? '' }}
          />
          {parcel.collectedByName && parcel.collectedMethod === 'code' ? ` · ${parcel.collectedByName}` : null}
        </Text>
      ) : null}
    </Stack>
  );
}
