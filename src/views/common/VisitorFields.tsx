// The fields of the form a visitor fills in on a phone (the guest form, spec §3.3): a text field, a list
// and a choice of a few, as the browser's own elements with Mantine's look (visitorFields.module.css).
// Mantine's TextInput, NativeSelect and Radio cost the guest form about 9 KiB gzip of JavaScript on a visitor
// page held to 120 KiB (issue 29); these cost well under one. Each field has its label, its required mark
// (hidden from screen readers, which read `required`), and its error tied to the element (aria-describedby,
// aria-invalid).
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import classes from './visitorFields.module.css';

interface FieldProps {
  label: string;
  required?: boolean;
  error?: string | undefined;
}

/** The required mark: seen, not read (the element's `required` is). */
function RequiredMark({ required }: { required: boolean | undefined }) {
  return required ? (
    <span className={classes.required} aria-hidden>
      {' *'}
    </span>
  ) : null;
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required: boolean | undefined }) {
  return (
    <label className={classes.label} htmlFor={htmlFor}>
      {label}
      <RequiredMark required={required} />
    </label>
  );
}

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className={classes.error}>
      {error}
    </p>
  ) : null;
}

/** What ties an element to its message: read with it, and marked invalid while there is one. */
const tiedTo = (id: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** A field's frame: its label over the element `id` names, and its message under it. */
function Field({ id, label, required, error, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={classes.field}>
      <Label htmlFor={id} label={label} required={required} />
      {children}
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

type InputAttributes = Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'autoCapitalize'>;

export function TextField({
  label,
  required,
  error,
  value,
  onChange,
  ...attributes
}: FieldProps & InputAttributes & { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <Field id={id} label={label} required={required} error={error}>
      <input
        id={id}
        className={classes.input}
        required={required}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        {...tiedTo(id, error)}
        {...attributes}
      />
    </Field>
  );
}

/** A list's choice; the list's first, with the empty value, is its placeholder ("Elige una opción"). */
export interface Option {
  value: string;
  label: string;
}

export function SelectField({
  label,
  required,
  error,
  value,
  onChange,
  placeholder,
  options,
}: FieldProps & { value: string; onChange: (value: string) => void; placeholder: string; options: Option[] }) {
  const id = useId();
  return (
    <Field id={id} label={label} required={required} error={error}>
      <select
        id={id}
        className={classes.input}
        required={required}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        {...tiedTo(id, error)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A few choices: a radio group named by its label (as Mantine's Radio.Group), each a radio button with its own. */
export function ChoiceField({
  label,
  required,
  error,
  value,
  onChange,
  options,
}: FieldProps & { value: string; onChange: (value: string) => void; options: (Option & { disabled?: boolean })[] }) {
  const name = useId();
  return (
    <div
      className={classes.field}
      role="radiogroup"
      aria-labelledby={`${name}-label`}
      aria-required={required}
      {...tiedTo(name, error)}
    >
      <div id={`${name}-label`} className={classes.label}>
        {label}
        <RequiredMark required={required} />
      </div>
      <div className={classes.choices}>
        {options.map((option) => (
          <label key={option.value} className={classes.choice}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <ErrorText id={`${name}-error`} error={error} />
    </div>
  );
}
