import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';
// Recargos: the rule's form (Mantine form). The fields are text as typed; what they mean in cents, basis points
// and days, and whether each is in range, is the contract's (amountToCents, percentToBp); whether an active rule
// charges something is the machine's guard, asked with state.can before the save is sent.
import { Button, Group, SegmentedControl, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useIntl } from 'react-intl';
import {
  bpToPercent,
  LATE_FEE_MAX_GRACE_DAYS,
  type LateFeeKind,
  type LateFeeRule,
  percentToBp,
  ruleProblem,
} from '../../api/lateFees';
import { amountToCents, centsToAmount } from '../../api/recurringCharges';

interface Fields {
  active: boolean;
  kind: LateFeeKind;
  amount: string;
  percent: string;
  grace: string;
  cap: string;
}

const fieldsOf = (rule: LateFeeRule): Fields => ({
  active: rule.active,
  kind: rule.kind,
  amount: centsToAmount(rule.amountCents),
  percent: bpToPercent(rule.percentBp),
  grace: String(rule.graceDays),
  cap: rule.capCents === null ? '' : centsToAmount(rule.capCents),
});

const graceOf = (text: string) => {
  const days = /^\d{1,2}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  return days >= 0 && days <= LATE_FEE_MAX_GRACE_DAYS ? days : null;
};

/** The rule the fields say, or null while one of them is not a value. */
export function ruleOfFields(fields: Fields): LateFeeRule | null {
  const amountCents = fields.kind === 'fijo' ? amountToCents(fields.amount) : (amountToCents(fields.amount) ?? 0);
  const percentBp = fields.kind === 'porcentaje' ? percentToBp(fields.percent) : (percentToBp(fields.percent) ?? 0);
  const graceDays = graceOf(fields.grace);
  const capCents = fields.cap.trim() === '' ? null : amountToCents(fields.cap);
  if (amountCents === null || percentBp === null || graceDays === null || (capCents === null && fields.cap.trim() !== ''))
    return null;
  return { kind: fields.kind, amountCents, percentBp, graceDays, capCents, active: fields.active };
}

export function RuleForm(props: {
  rule: LateFeeRule;
  saving: boolean;
  canSave(rule: LateFeeRule): boolean;
  onSave(rule: LateFeeRule): void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const form = useForm<Fields>({
    mode: 'controlled',
    initialValues: fieldsOf(props.rule),
    validate: {
      amount: (value, values) => {
        if (values.kind !== 'fijo') return null;
        const cents = amountToCents(value);
        if (cents === null) return t('lateFees.rule.invalidAmount');
        return values.active && ruleProblem({ ...props.rule, kind: 'fijo', amountCents: cents, active: true })
          ? t('lateFees.rule.amountRequired')
          : null;
      },
      percent: (value, values) => {
        if (values.kind !== 'porcentaje') return null;
        const bp = percentToBp(value);
        if (bp === null) return t('lateFees.rule.invalidPercent');
        return values.active && bp === 0 ? t('lateFees.rule.percentRequired') : null;
      },
      grace: (value) => (graceOf(value) === null ? t('lateFees.rule.invalidGrace') : null),
      cap: (value) => (value.trim() !== '' && amountToCents(value) === null ? t('lateFees.rule.invalidAmount') : null),
    },
  });
  const kind = form.getValues().kind;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((fields) => {
        const rule = ruleOfFields(fields);
        if (rule && props.canSave(rule)) props.onSave(rule);
      })}
    >
      <Stack gap="md">
        <Switch label={t('lateFees.rule.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Stack gap={4}>
          <SegmentedControl
            aria-label={t('lateFees.rule.kind')}
            // Side by side the two kinds do not fit a 390 px phone ("Monto fijo" was cut): one above the other there.
            orientation={phone ? 'vertical' : 'horizontal'}
            fullWidth={phone}
            data={[
              { value: 'porcentaje', label: t('lateFees.rule.kind.porcentaje') },
              { value: 'fijo', label: t('lateFees.rule.kind.fijo') },
            ]}
            {...form.getInputProps('kind')}
          />
        </Stack>
        {kind === 'fijo' ? (
          <TextInput label={t('lateFees.rule.amount')} inputMode="decimal" maw={240} {...form.getInputProps('amount')} />
        ) : (
          <TextInput label={t('lateFees.rule.percent')} inputMode="decimal" maw={240} {...form.getInputProps('percent')} />
        )}
        <TextInput
          label={t('lateFees.rule.grace')}
          description={t('lateFees.rule.graceHint')}
          inputMode="numeric"
          maw={240}
          {...form.getInputProps('grace')}
        />
        <TextInput
          label={t('lateFees.rule.cap')}
          description={t('lateFees.rule.capHint')}
          inputMode="decimal"
          maw={240}
          {...form.getInputProps('cap')}
        />
        <Group>
          <Button type="submit" loading={props.saving}>
            {t('lateFees.rule.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
