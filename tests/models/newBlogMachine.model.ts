// The new-blog dialog ('+ Blog') as a test model, shared by the headless walk and the browser walk: the
// name typed (too long, then right), Autorización de publicaciones cleared then chosen again, the name
// left, submitting, cancelling. The choices change once the name is right, so the states stay few. The
// words its scenarios are told in: docs/scenarios/newBlogMachine.md.
import type { EventObject } from 'xstate';
import { newBlogMachine } from '../../src/machines/newBlogMachine';
import { BARE, defineModel } from '../support/machineModel';

export const NAME = 'Deportes';
/** One character over the limit of 39. */
export const LONG_NAME = 'x'.repeat(40);

/** `change SectName=8`, `change SectPosting=null`: the name by its length (the browser types its own). */
export function newBlogLabel(event: EventObject): string {
  const e = event as EventObject & { field?: string; value?: unknown };
  if (e.type === 'change') return `change ${e.field}=${e.field === 'SectName' ? String(e.value).length : String(e.value)}`;
  if (e.type === 'blur') return `blur ${e.field}`;
  return e.type;
}

const FIELD_NAMES: Record<string, string> = { SectName: 'Nombre del blog', SectPosting: 'Autorización de publicaciones' };

export const newBlogModel = defineModel({
  machine: newBlogMachine,
  payloads: {
    change: (s) => {
      const { SectName, SectPosting } = s.context.values;
      // The name: empty, then too long or right; too long, then right.
      const names = SectName === '' ? [LONG_NAME, NAME] : SectName === LONG_NAME ? [NAME] : [];
      // With the name right: the posting choice cleared ('Elige una opción'), then chosen as B.
      const postings = SectName !== NAME ? [] : SectPosting === 'A' ? [null] : SectPosting === null ? ['B'] : [];
      return [
        ...names.map((value) => ({ field: 'SectName' as const, value })),
        ...postings.map((value) => ({ field: 'SectPosting' as const, value })),
      ];
    },
    // Leaving the name while it is empty (its message shows).
    blur: (s) => (s.context.touched.SectName ? [] : [{ field: 'SectName' }]),
    submit: BARE,
    cancel: BARE,
  },
  label: newBlogLabel,
  words: {
    states: {
      editing:
        'The dialog Nuevo blog: Nombre del blog and the five choices (A, A, Y, 1, 1), Cancelar and Crear; a field’s message once it was left or Crear was pressed.',
      created: 'The dialog has closed with the new blog: the list shows it, open in the editor.',
      cancelled: 'The dialog has closed; the list is as it was.',
    },
    events: {
      change: (e) =>
        e.field === 'SectName'
          ? `types a name of ${String(e.value).length} characters in Nombre del blog`
          : `chooses ${e.value === null ? 'Elige una opción' : e.value} in ${FIELD_NAMES[e.field as string]}`,
      blur: (e) => `leaves ${FIELD_NAMES[e.field as string]}`,
      submit: () => 'presses Crear',
      cancel: () => 'presses Cancelar',
    },
  },
});
