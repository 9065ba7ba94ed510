import { Button, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { AuthCard } from './AuthCard';

export function NotFoundPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'sessions.title' }), intl.formatMessage({ id: 'notFound.title' }));
  return (
    <AuthCard title={<FormattedMessage id="notFound.title" />}>
      <Text>
        <FormattedMessage id="notFound.body" />
      </Text>
      <Button component={Link} href="/signin">
        <FormattedMessage id="notFound.back" />
      </Button>
    </AuthCard>
  );
}
