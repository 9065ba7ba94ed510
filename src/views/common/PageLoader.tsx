import { Center, Loader } from '@mantine/core';
import { useIntl } from 'react-intl';

export function PageLoader() {
  const intl = useIntl();
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Loader aria-label={intl.formatMessage({ id: 'app.loading' })} />
    </Center>
  );
}
