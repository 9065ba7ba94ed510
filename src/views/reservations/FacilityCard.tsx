// A facility as a card of the instalaciones list: its first photo, name, capacity, fee and deposit, whether it
// needs approval or is inactive, and "Reservar" to its page.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Image.css';
import { Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconUsers } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import type { Facility } from '../../api/reservations';
import { facilityPath } from '../../api/sections';
import { formatMoney } from './reservationFormat';

export function FacilityCard({ facility }: { facility: Facility }) {
  const photo = facility.fotos[0];
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={facility.Nombre}
      data-facility-id={facility.FacilityId}
      h="100%"
    >
      {photo ? (
        <Card.Section>
          <Image src={photo.url} alt={photo.nombre} h={160} fit="cover" />
        </Card.Section>
      ) : null}
      <Stack gap="xs" mt={photo ? 'sm' : 0}>
        <Title order={2} size="h4">
          {facility.Nombre}
        </Title>
        <Group gap="xs">
          <IconUsers size={16} aria-hidden />
          <Text size="sm">
            <FormattedMessage
              id={facility.exclusiva ? 'reservations.capacity.exclusive' : 'reservations.capacity.shared'}
              values={{ capacidad: facility.capacidad }}
            />
          </Text>
        </Group>
        <Text size="sm">
          {facility.cuotaCents > 0 ? (
            <FormattedMessage id="reservations.fee" values={{ monto: formatMoney(facility.cuotaCents) }} />
          ) : (
            <FormattedMessage id="reservations.noFee" />
          )}
          {facility.depositoCents > 0 ? (
            <>
              {' · '}
              <FormattedMessage id="reservations.depositAmount" values={{ monto: formatMoney(facility.depositoCents) }} />
            </>
          ) : null}
        </Text>
        <Group gap="xs">
          {facility.requiereAprobacion ? (
            <Badge color="yellow" variant="light">
              <FormattedMessage id="reservations.needsApproval" />
            </Badge>
          ) : null}
          {!facility.activa ? (
            <Badge color="gray" variant="light">
              <FormattedMessage id="reservations.inactive" />
            </Badge>
          ) : null}
        </Group>
        <Button
          component={Link}
          href={facilityPath(facility.FacilityId)}
          leftSection={<IconCalendarPlus size={18} aria-hidden />}
          aria-label={`${facility.Nombre}: Reservar`}
        >
          <FormattedMessage id="reservations.book" />
        </Button>
      </Stack>
    </Card>
  );
}
