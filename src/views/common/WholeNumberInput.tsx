// A whole number field: Mantine's TextInput as the browser's own number input (the phone's numeric keypad, the
// arrows, min/max/step checked by the browser), answering the number typed or NaN while it is empty. Mantine's
// NumberInput does the same with react-number-format: about 7 KiB gzip a screen pays on first load (issue 29);
// screens that need its thousands separators or decimals keep it.
import { TextInput, type TextInputProps } from '@mantine/core';

export interface WholeNumberInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'min' | 'max' | 'step'> {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
}

export function WholeNumberInput({ value, onChange, min, max, step = 1, ...rest }: WholeNumberInputProps) {
  return (
    <TextInput
      {...rest}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={step}
      value={Number.isFinite(value) ? String(value) : ''}
      onChange={(event) => onChange(event.currentTarget.value === '' ? Number.NaN : Number(event.currentTarget.value))}
    />
  );
}
