import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
// The assemblies' settings (administrators, /condominio/asambleas?ajustes=1): the board may call, the quorum rule
// set, the call's legal text, proxies per holder, the arrears bar, tenants vote, who reads the book of minutes.
// A thin view over assemblySettingsMachine; the server refuses anyone else (403).
import { Alert, Anchor, Button, Card, Group, NativeSelect, NumberInput, Stack, Switch, Textarea, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { ARREARS_DAYS_MAX, ASSEMBLY_SCREEN, LEGAL_TEXT_MAX, PROXY_LIMIT_MAX } from '../../api/assemblies';
import { QUORUM_RULE_SETS, type QuorumRuleSet } from '../../api/assemblyQuorum';
import { DOCUMENT_AUDIENCES, type DocumentAudience } from '../../api/documents';
import { assemblySettingsMachine } from '../../machines/assemblySettingsMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailedAlert, LoadingCard } from '../common/PageStates';

export function AssemblySettingsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [state, send] = useMachine(assemblySettingsMachine);
  const { draft, failure, saved } = state.context;
  if (state.matches('loading')) return <LoadingCard />;
  if (state.matches('loadFailed') || !draft) return <FailedAlert failure={failure} onRetry={() => send({ type: 'retry' })} />;
  const edit = (patch: Partial<typeof draft>) => send({ type: 'edit', patch });
  const whole = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);
  return (
    <Stack gap="md">
      <Anchor component={Link} href={ASSEMBLY_SCREEN}>
        <FormattedMessage id="assemblyMinutes.settings.back" />
      </Anchor>
      <Title order={2}>
        <FormattedMessage id="assemblyMinutes.settings.title" />
      </Title>
      <Card withBorder>
        <Stack gap="sm">
          <Switch
            label={t('assemblyMinutes.settings.boardMayCall')}
            checked={draft.boardMayCall}
            onChange={(e) => edit({ boardMayCall: e.currentTarget.checked })}
          />
          <NativeSelect
            label={t('assemblyMinutes.settings.ruleSet')}
            value={draft.ruleSet}
            data={QUORUM_RULE_SETS.map((r) => ({ value: r, label: t(`assemblyMinutes.settings.ruleSet.${r}`) }))}
            onChange={(e) => edit({ ruleSet: e.currentTarget.value as QuorumRuleSet })}
          />
          <Textarea
            label={t('assemblyMinutes.settings.legalText')}
            rows={4}
            maxLength={LEGAL_TEXT_MAX}
            value={draft.legalText}
            onChange={(e) => edit({ legalText: e.currentTarget.value })}
          />
          <NumberInput
            label={t('assemblyMinutes.settings.proxyLimit')}
            min={0}
            max={PROXY_LIMIT_MAX}
            allowDecimal={false}
            value={draft.proxyLimit}
            onChange={(value) => edit({ proxyLimit: whole(value) })}
          />
          <NumberInput
            label={t('assemblyMinutes.settings.arrearsDays')}
            min={0}
            max={ARREARS_DAYS_MAX}
            allowDecimal={false}
            value={draft.arrearsDays}
            onChange={(value) => edit({ arrearsDays: whole(value) })}
          />
          <Switch
            label={t('assemblyMinutes.settings.tenantsVote')}
            checked={draft.tenantsVote}
            onChange={(e) => edit({ tenantsVote: e.currentTarget.checked })}
          />
          <NativeSelect
            label={t('assemblyMinutes.settings.minutesAudience')}
            value={draft.minutesAudience}
            data={DOCUMENT_AUDIENCES.map((a) => ({ value: a, label: t(`library.audience.${a}`) }))}
            onChange={(e) => edit({ minutesAudience: e.currentTarget.value as DocumentAudience })}
          />
          {saved ? (
            <Alert color="green" role="status">
              <FormattedMessage id="assemblyMinutes.settings.saved" />
            </Alert>
          ) : null}
          {failure ? <FailureAlert failure={failure} /> : null}
          <Group>
            <Button
              loading={state.matches('saving')}
              disabled={!state.can({ type: 'save' })}
              onClick={() => send({ type: 'save' })}
            >
              <FormattedMessage id="assemblyMinutes.settings.save" />
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
