// The one way a failed call reads (src/machines/shared/callFailure.ts): no answer says "no connection"
// (common.network), an answer says the server's own words, which already come in the reader's language
// and say what happened (a refusal of access says "No tienes acceso…", not "check your connection").
import '@mantine/core/styles/Alert.css';
import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { CallFailure } from '../../machines/shared/callFailure';
import { FailureText } from './FailureText';

/**
 * Whether asking again may help: no answer, a breakdown, a conflict or a rate limit may pass; a refusal of access
 * (403) or something that is not there (404) will answer the same, so it gets no Reintentar.
 */
export const mayRetry = (failure: CallFailure | null | undefined) =>
  failure?.kind !== 'refused' || (failure.status !== 403 && failure.status !== 404);

/** A red alert with the failure's words, a title saying what did not happen, and Reintentar when asking again may help. */
export function FailureAlert({
  failure,
  title,
  onRetry,
  retryLabel,
}: {
  failure: CallFailure | null | undefined;
  /** What could not be done ("No pudimos cargar las votaciones"); none for a one-line alert. */
  title?: ReactNode;
  onRetry?: () => void;
  retryLabel?: ReactNode;
}) {
  return (
    <Alert color="red" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          <FailureText failure={failure} />
        </Text>
        {onRetry && mayRetry(failure) ? (
          <Button size="xs" color="red" variant="outline" onClick={onRetry}>
            {retryLabel ?? <FormattedMessage id="common.retry" />}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
