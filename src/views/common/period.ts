// Default periods of the money screens, from the viewer's calendar day.
const pad = (n: number) => String(n).padStart(2, '0');

export function today(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 1 January of this year to today. */
export function thisYearSoFar(now = new Date()) {
  return { fechaInicio: `${now.getFullYear()}-01-01`, fechaFin: today(now) };
}

export const displayDate = (iso: string) => iso.split('-').reverse().join('/');

/** Saves text as a file through a temporary link. */
export function saveFile(name: string, type: string, content: BlobPart): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
