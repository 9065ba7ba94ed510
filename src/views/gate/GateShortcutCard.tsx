import '@mantine/core/styles/Card.css';
// The employee panel's way to the gate (issue 26): for those who keep it (canUseGate), the caseta and the
// movement log, with buttons big enough for a gloved thumb.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { SCREENS } from '../common/screens';

export function GateShortcutCard() {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="gate-shortcut">
      <Stack gap="sm">
        <Title order={2} size="h4" id="gate-shortcut">
          <FormattedMessage id="gate.staff.title" />
        </Title>
        <Text size="sm">
          <FormattedMessage id="gate.staff.text" />
        </Text>
        <Group gap="sm" wrap="wrap">
          <Button component={Link} href={SCREENS.caseta} size="lg" mih={48}>
            <FormattedMessage id="gate.staff.open" />
          </Button>
          <Button component={Link} href={SCREENS.movementLog} variant="default" size="lg" mih={48}>
            <FormattedMessage id="gate.staff.log" />
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
