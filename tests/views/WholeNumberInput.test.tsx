// The whole number field (src/views/common/WholeNumberInput.tsx): the browser's number input under Mantine's label,
// answering the number typed, NaN while empty (the draft's struct then names the field), its limits on the input.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WholeNumberInput } from '../../src/views/common/WholeNumberInput';
import { renderWithApp } from '../support/views/renderWithApp';

describe('WholeNumberInput', () => {
  it('answers the number typed, NaN when emptied, and carries its limits', () => {
    const changed = vi.fn();
    renderWithApp(<WholeNumberInput label="Capacidad" value={10} min={1} max={500} step={5} onChange={changed} error="Revisa" />);
    const input = screen.getByRole('spinbutton', { name: 'Capacidad' }) as HTMLInputElement;
    expect([input.value, input.min, input.max, input.step, input.inputMode]).toEqual(['10', '1', '500', '5', 'numeric']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '25' } });
    fireEvent.change(input, { target: { value: '' } });
    expect(changed.mock.calls.map(([value]) => value)).toEqual([25, Number.NaN]);
  });

  it('shows an empty field for a value that is no number', () => {
    renderWithApp(<WholeNumberInput label="Días" value={Number.NaN} onChange={() => {}} />);
    expect((screen.getByRole('spinbutton', { name: 'Días' }) as HTMLInputElement).value).toBe('');
  });
});
