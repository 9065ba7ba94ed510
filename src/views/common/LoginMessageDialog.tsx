// The sign-in alerts of spec §8: no active condominium, missing token, anything unexpected.
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

export function LoginMessageDialog({ opened, message, onClose }: { opened: boolean; message: string; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={<FormattedMessage id="login.errorTitle" />} centered>
      <Text role="alert">
        <FormattedMessage id={message} />
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          <FormattedMessage id="common.accept" />
        </Button>
      </Group>
    </Modal>
  );
}
