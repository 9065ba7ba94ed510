/** The header shows at most 20 characters of the condominium's name (spec §9). */
export const HEADER_NAME_LIMIT = 20;

/** At most `limit` characters, the last one an ellipsis when the text is cut (no space before it). */
export function truncate(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text;
}
