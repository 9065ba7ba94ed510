// A notification's title and text in a reader's language (issue 28 defect 7): the rows shared/notify.ts writes keep
// their messages' ids and values, worded when read. Shared by the notifications area (the bell and the list, in
// the reader's language of the moment) and the push area (a push in its recipient's profile language).
import type { Language } from '../../../src/i18n/languages';
import type { Message, MessageId } from '../../../src/i18n/messages';
import { formatMessage } from '../../messages';

export interface StoredWords {
  titulo: string;
  texto_app: string;
  title_id: string | null;
  text_id: string | null;
  word_values: string | null;
}

/** The values stored for one message: an object of strings, numbers and messages; anything else, none. */
function storedValues(all: unknown, key: 'title' | 'text'): Message['values'] {
  const values = all && typeof all === 'object' ? (all as Record<string, unknown>)[key] : undefined;
  return values && typeof values === 'object' ? (values as Message['values']) : undefined;
}

/** The row's title and text in the language; as stored when it has no ids, or when a catalogue no longer says them. */
export function notificationWords(language: Language, row: StoredWords): { Titulo: string; TextoApp: string } {
  const stored = { Titulo: row.titulo, TextoApp: row.texto_app };
  if (row.title_id === null || row.text_id === null) return stored;
  try {
    const values: unknown = row.word_values ? JSON.parse(row.word_values) : {};
    return {
      Titulo: formatMessage(language, { id: row.title_id as MessageId, values: storedValues(values, 'title') }),
      TextoApp: formatMessage(language, { id: row.text_id as MessageId, values: storedValues(values, 'text') }),
    };
  } catch {
    return stored;
  }
}
