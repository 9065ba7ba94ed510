// The public page's phones (spec §2.5): "+country" then the digits grouped 2-4-rest.

/** '52', '3312345678' → '+52 33 1234 5678'. Non-digits are dropped; null when there are no digits. */
export function formatPhone(country: string | null | undefined, number: string | null | undefined): string | null {
  const digits = (number ?? '').replace(/\D/g, '');
  if (digits === '') return null;
  const groups = [digits.slice(0, 2), digits.slice(2, 6), digits.slice(6)].filter(Boolean);
  const code = (country ?? '').replace(/\D/g, '');
  return [...(code ? [`+${code}`] : []), ...groups].join(' ');
}

/** The tel: link of the same phone. */
export function phoneHref(country: string | null | undefined, number: string | null | undefined): string {
  const code = (country ?? '').replace(/\D/g, '');
  return `tel:${code ? `+${code}` : ''}${(number ?? '').replace(/\D/g, '')}`;
}
