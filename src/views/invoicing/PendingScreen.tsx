// A screen of the module whose view has not landed yet: says so instead of a blank page.
import { Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

export function PendingScreen() {
  return (
    <Text role="status" c="dimmed">
      <FormattedMessage id="invoicing.pending" />
    </Text>
  );
}
