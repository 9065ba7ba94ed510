import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
// The interface language, saved to the profile: a thin view over profileLanguageMachine.
import { Card, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isLanguage, LANGUAGES, type Language } from '../../i18n/languages';
import { profileLanguageMachine } from '../../machines/profileLanguageMachine';
import { FailureAlert } from '../common/FailureAlert';
import { SessionContext } from '../common/SessionContext';

export function LanguageCard({ language }: { language: Language }) {
  const intl = useIntl();
  const session = SessionContext.useActorRef();
  const [state, send] = useMachine(profileLanguageMachine, { input: { language, session } });
  const saving = state.matches('saving');
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4" id="profile-language">
          <FormattedMessage id="profile.language.title" />
        </Title>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="profile.language.hint" />
        </Text>
        <SegmentedControl
          aria-labelledby="profile-language"
          fullWidth
          value={state.context.chosen}
          disabled={saving}
          onChange={(value) => {
            if (isLanguage(value)) send({ type: 'choose', language: value });
          }}
          // Each language is named in itself, so it can be found whatever the interface language.
          data={LANGUAGES.map((value) => ({ value, label: intl.formatMessage({ id: `language.${value}` }) }))}
        />
        {saving ? (
          <Text size="sm" role="status">
            <FormattedMessage id="profile.language.saving" />
          </Text>
        ) : null}
        {state.context.failure ? (
          <FailureAlert failure={state.context.failure} title={<FormattedMessage id="profile.language.failed" />} />
        ) : null}
      </Stack>
    </Card>
  );
}
