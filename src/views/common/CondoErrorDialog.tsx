// A condominium that refuses the sign-in: its name and the reason (spec §8 Login).
import { Button, Group, Modal, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { CondoChoice } from '../../api/sessions';

export function CondoErrorDialog({
  opened,
  condo,
  onClose,
}: {
  opened: boolean;
  condo: CondoChoice | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={<FormattedMessage id="login.condoErrorTitle" />} centered>
      <Text role="alert">
        <FormattedMessage
          id="login.condoErrorBody"
          values={{ condoName: condo?.CondoName ?? '', errorType: condo?.error ?? '' }}
        />
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          <FormattedMessage id="common.accept" />
        </Button>
      </Group>
    </Modal>
  );
}
