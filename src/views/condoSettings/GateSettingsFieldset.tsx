import '@mantine/core/styles/NumberInput.css';
// configuracion 'condominio', group 'Caseta' (issue 26): the walk-in's answer time, the parcels' reminder days and
// how long an entry's photo is kept. Part of the settings' one draft and version (condoSettingsMachine); the
// ranges come from the contract, which the server checks too.
import { Fieldset, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { type CondoSettingsFields, GATE_SETTING_RANGES, type GateSettingField } from '../../api/condoSettings';

interface Props {
  draft: CondoSettingsFields;
  disabled: boolean;
  problemOf: (field: GateSettingField) => string | undefined;
  edit: (patch: Partial<CondoSettingsFields>) => void;
}

export function GateSettingsFieldset({ draft, disabled, problemOf, edit }: Props) {
  const intl = useIntl();
  return (
    <Fieldset legend={intl.formatMessage({ id: 'condoSettings.section.gate' })}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {(Object.keys(GATE_SETTING_RANGES) as GateSettingField[]).map((field) => {
          const { min, max } = GATE_SETTING_RANGES[field];
          return (
            <NumberInput
              key={field}
              label={intl.formatMessage({ id: `condoSettings.field.${field}` })}
              description={intl.formatMessage({ id: 'condoSettings.gate.range' }, { min, max })}
              value={Number.isNaN(draft[field]) ? '' : draft[field]}
              min={min}
              max={max}
              allowDecimal={false}
              allowNegative={false}
              inputMode="numeric"
              error={problemOf(field)}
              disabled={disabled}
              // An emptied box is no number: the rules then say so under it instead of saving a zero.
              onChange={(value) => edit({ [field]: typeof value === 'number' ? value : Number.NaN })}
            />
          );
        })}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">
        <FormattedMessage id="condoSettings.gate.hint" />
      </Text>
    </Fieldset>
  );
}
