import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Switch.css';
// Pagos en línea: the settings' form (Mantine form). The fields are text as typed; what they mean in basis points
// and cents, and whether each is in range, is the contract's (feePercentToBp, amountToCents, FEE_MAX_*); whether
// the draft may be sent (a provider offered, an account of the list, an account when payments are on) is the
// machine's guard, asked with canSave before the save is sent. A field the server refused shows its words there.
// A provider with keys (Stripe) shows its two key fields, write-only: they start empty, say only whether a key is
// saved and its last four characters, and an empty field keeps the saved key.
import {
  Button,
  Fieldset,
  Group,
  NativeSelect,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useIntl } from 'react-intl';
import {
  CHECKOUT_METHODS,
  type CheckoutMethod,
  FEE_BEARERS,
  FEE_MAX_FIXED_CENTS,
  type FeeBearer,
  feeBpToPercent,
  feePercentToBp,
  type PaymentProvider,
  type PaymentSettingsDraft,
  type PaymentSettingsView,
  PROVIDER_KEY_FIELDS,
  PROVIDERS_WITH_KEYS,
  type ProviderKeyField,
  SECRET_KEY_PATTERN,
  WEBHOOK_SECRET_PATTERN,
  webhookPath,
} from '../../api/checkout';
import { amountToCents, centsToAmount } from '../../api/recurringCharges';

export interface PaymentSettingsFields {
  enabled: boolean;
  provider: string;
  feeBearer: FeeBearer;
  percent: Record<CheckoutMethod, string>;
  fixed: Record<CheckoutMethod, string>;
  /** '' for none. */
  accountId: string;
  /** Write-only: '' keeps the saved key. */
  secretKey: string;
  webhookSecret: string;
}

const KEY_PATTERNS: Record<ProviderKeyField, RegExp> = {
  secretKey: SECRET_KEY_PATTERN,
  webhookSecret: WEBHOOK_SECRET_PATTERN,
};

const byMethod = <T,>(of: (method: CheckoutMethod) => T) =>
  Object.fromEntries(CHECKOUT_METHODS.map((method) => [method, of(method)])) as Record<CheckoutMethod, T>;

export const fieldsOf = (settings: PaymentSettingsView['settings']): PaymentSettingsFields => ({
  enabled: settings.enabled,
  provider: settings.provider,
  feeBearer: settings.feeBearer,
  percent: byMethod((m) => feeBpToPercent(settings.fees[m].bp)),
  fixed: byMethod((m) => centsToAmount(settings.fees[m].fixedCents)),
  accountId: settings.accountId === null ? '' : String(settings.accountId),
  secretKey: '',
  webhookSecret: '',
});

const fixedOf = (text: string) => {
  const cents = amountToCents(text);
  return cents !== null && cents <= FEE_MAX_FIXED_CENTS ? cents : null;
};

/** The draft the fields say, or null while one of them is not a value. */
export function draftOfFields(fields: PaymentSettingsFields): PaymentSettingsDraft | null {
  const fees = byMethod((m) => ({ bp: feePercentToBp(fields.percent[m]), fixedCents: fixedOf(fields.fixed[m]) }));
  if (CHECKOUT_METHODS.some((m) => fees[m].bp === null || fees[m].fixedCents === null)) return null;
  const keys = PROVIDERS_WITH_KEYS.includes(fields.provider as PaymentProvider)
    ? Object.fromEntries(
        PROVIDER_KEY_FIELDS.filter((field) => fields[field].trim() !== '').map((field) => [field, fields[field].trim()]),
      )
    : {};
  return {
    ...keys,
    provider: fields.provider as PaymentProvider,
    enabled: fields.enabled,
    feeBearer: fields.feeBearer,
    fees: byMethod((m) => ({ bp: fees[m].bp!, fixedCents: fees[m].fixedCents! })),
    accountId: fields.accountId === '' ? null : Number(fields.accountId),
  };
}

/** The form's field a server's field names ("fees.tarjeta.bp" → "percent.tarjeta"). */
export function formFieldOf(field: string | null): string | null {
  if (field === null) return null;
  const fee = /^fees\.(tarjeta|spei|oxxo)\.(bp|fixedCents)$/.exec(field);
  if (fee) return `${fee[2] === 'bp' ? 'percent' : 'fixed'}.${fee[1]}`;
  return ['enabled', 'provider', 'feeBearer', 'accountId', ...PROVIDER_KEY_FIELDS].includes(field) ? field : null;
}

export function PaymentSettingsForm(props: {
  view: PaymentSettingsView;
  saving: boolean;
  /** The server's words for a refused field, shown on it. */
  refused: { field: string; message: string } | null;
  canSave(draft: PaymentSettingsDraft): boolean;
  onSave(draft: PaymentSettingsDraft): void;
  onEdit(): void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { view } = props;
  /** A typed key must be whole; an empty one is needed only when none is saved and payments are on. */
  const keyError = (field: ProviderKeyField, value: string, values: PaymentSettingsFields) => {
    if (!PROVIDERS_WITH_KEYS.includes(values.provider as PaymentProvider)) return null;
    const typed = value.trim();
    const invalid = field === 'secretKey' ? 'checkout.settings.invalidSecretKey' : 'checkout.settings.invalidWebhookSecret';
    if (typed !== '') return KEY_PATTERNS[field].test(typed) ? null : t(invalid);
    return values.enabled && !view.keys[field].configured ? t(`checkout.settings.${field}Required`) : null;
  };
  const form = useForm<PaymentSettingsFields>({
    mode: 'controlled',
    initialValues: fieldsOf(view.settings),
    onValuesChange: () => props.onEdit(),
    validate: {
      percent: byMethod(() => (value: string) => (feePercentToBp(value) === null ? t('checkout.settings.invalidPercent') : null)),
      fixed: byMethod(() => (value: string) => (fixedOf(value) === null ? t('checkout.settings.invalidFixed') : null)),
      accountId: (value, values) => (values.enabled && value === '' ? t('checkout.settings.accountRequired') : null),
      secretKey: (value, values) => keyError('secretKey', value, values),
      webhookSecret: (value, values) => keyError('webhookSecret', value, values),
    },
  });
  const refusedOn = formFieldOf(props.refused?.field ?? null);
  const errorOf = (path: string) => form.errors[path] ?? (refusedOn === path ? props.refused?.message : undefined);
  const offered = view.providers.length > 0;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((fields) => {
        const draft = draftOfFields(fields);
        if (draft && props.canSave(draft)) props.onSave(draft);
      })}
    >
      <Stack gap="md">
        <Switch
          label={t('checkout.settings.enabled')}
          description={t('checkout.settings.enabledHint')}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <NativeSelect
          label={t('checkout.settings.provider')}
          maw={420}
          data={(offered ? view.providers : [view.settings.provider]).map((provider) => ({
            value: provider,
            label: t(`checkout.settings.provider.${provider}`),
          }))}
          disabled={!offered}
          {...form.getInputProps('provider')}
          error={errorOf('provider')}
        />
        {PROVIDERS_WITH_KEYS.includes(form.values.provider as PaymentProvider) ? (
          <Fieldset legend={t('checkout.settings.keys')}>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('checkout.settings.keysHint')}
              </Text>
              {PROVIDER_KEY_FIELDS.map((field) => (
                <PasswordInput
                  key={field}
                  label={t(`checkout.settings.${field}`)}
                  description={
                    view.keys[field].configured
                      ? t('checkout.settings.keySaved', { last4: view.keys[field].last4 ?? '' })
                      : t('checkout.settings.keyMissing')
                  }
                  autoComplete="off"
                  maw={420}
                  {...form.getInputProps(field)}
                  error={errorOf(field)}
                />
              ))}
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('checkout.settings.webhookUrl', {
                  // The API is served under /api (server/app.ts API_PREFIX).
                  url: `${window.location.origin}/api${webhookPath(form.values.provider as PaymentProvider)}`,
                })}
              </Text>
            </Stack>
          </Fieldset>
        ) : null}
        <Radio.Group label={t('checkout.settings.feeBearer')} {...form.getInputProps('feeBearer')} error={errorOf('feeBearer')}>
          <Stack gap="xs" mt="xs">
            {FEE_BEARERS.map((bearer) => (
              <Radio key={bearer} value={bearer} label={t(`checkout.settings.feeBearer.${bearer}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Fieldset legend={t('checkout.settings.fees')}>
          <Stack gap="md">
            {CHECKOUT_METHODS.map((method) => {
              const name = t(`checkout.method.${method}`);
              return (
                <SimpleGrid key={method} cols={{ base: 1, xs: 2 }} spacing="sm">
                  <TextInput
                    label={t('checkout.settings.feePercent', { method: name })}
                    inputMode="decimal"
                    rightSection="%"
                    {...form.getInputProps(`percent.${method}`)}
                    error={errorOf(`percent.${method}`)}
                  />
                  <TextInput
                    label={t('checkout.settings.feeFixed', { method: name })}
                    inputMode="decimal"
                    leftSection="$"
                    {...form.getInputProps(`fixed.${method}`)}
                    error={errorOf(`fixed.${method}`)}
                  />
                </SimpleGrid>
              );
            })}
          </Stack>
        </Fieldset>
        <NativeSelect
          label={t('checkout.settings.account')}
          description={view.accounts.length === 0 ? t('checkout.settings.noAccounts') : t('checkout.settings.accountHint')}
          maw={420}
          data={[
            { value: '', label: t('checkout.settings.noAccount') },
            ...view.accounts.map((account) => ({ value: String(account.id), label: account.nombre })),
          ]}
          {...form.getInputProps('accountId')}
          error={errorOf('accountId')}
        />
        <Group>
          <Button type="submit" loading={props.saving} disabled={!offered}>
            {t('checkout.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
