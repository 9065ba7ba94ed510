import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/List.css';
// The user's dwellings in this condominium: "Torre A - 101", or the dwelling alone outside any tower.
import { Card, List, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SessionUser } from '../../api/sessions';

export function dwellingLabel(apartment: { TorreName: string | null; AptName: string }): string {
  return apartment.TorreName ? `${apartment.TorreName} - ${apartment.AptName}` : apartment.AptName;
}

export function DwellingsCard({ apartments }: { apartments: SessionUser['apartments'] }) {
  const intl = useIntl();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        <FormattedMessage id="profile.dwellings.title" />
      </Title>
      {apartments.length === 0 ? (
        <Text c="dimmed" size="sm">
          <FormattedMessage id="profile.dwellings.none" />
        </Text>
      ) : (
        <List spacing={4} aria-label={intl.formatMessage({ id: 'profile.dwellings.title' })}>
          {apartments.map((apartment) => (
            <List.Item key={apartment.AptId}>{dwellingLabel(apartment)}</List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}
