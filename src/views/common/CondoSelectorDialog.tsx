// The condominium selector shown when an account belongs to several (spec §2.4, §4 Login).
import '@mantine/core/styles/Badge.css';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { CondoChoice } from '../../api/sessions';

interface Props {
  opened: boolean;
  condos: CondoChoice[];
  onChoose: (condoId: number) => void;
  onCancel: () => void;
}

export function CondoSelectorDialog({ opened, condos, onChoose, onCancel }: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title={<FormattedMessage id="login.chooseCondoTitle" />} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <FormattedMessage id="login.chooseCondoHint" />
        </Text>
        {condos.map((condo) => (
          <Button
            key={condo.CondoId}
            variant="light"
            size="md"
            fullWidth
            justify="space-between"
            onClick={() => onChoose(condo.CondoId)}
            rightSection={
              condo.error ? (
                <Badge color="orange" variant="light">
                  <FormattedMessage id="login.condoUnavailable" />
                </Badge>
              ) : null
            }
          >
            {condo.CondoName}
          </Button>
        ))}
        <Group justify="flex-end" mt="xs">
          <Button variant="subtle" onClick={onCancel}>
            <FormattedMessage id="common.cancel" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
