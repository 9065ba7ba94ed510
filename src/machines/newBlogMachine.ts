// The new-blog dialog ('+ Blog', spec §2.4, §5): the name and the five required choices with their
// defaults (A, A, Y, 1, 1). Submitting marks every field touched and closes with a value only when the
// form is valid; cancelling closes without one. The parent creates the blog with the value.
import { assertEvent, assign, setup } from 'xstate';
import {
  NEW_BLOG_DEFAULTS,
  NEW_BLOG_FIELDS,
  type NewBlogField,
  type NewBlogRequest,
  type NewBlogValues,
  newBlogErrors,
} from '../api/blogs';

export interface NewBlogContext {
  values: NewBlogValues;
  touched: Record<NewBlogField, boolean>;
  /** Set by a valid submit: what the dialog closes with. */
  result: NewBlogRequest | null;
}

export type NewBlogEvent =
  | { type: 'change'; field: NewBlogField; value: NewBlogValues[NewBlogField] }
  | { type: 'blur'; field: NewBlogField }
  | { type: 'submit' }
  | { type: 'cancel' };

/** What the dialog closes with: the new blog, or null when cancelled. */
export interface NewBlogOutput {
  value: NewBlogRequest | null;
}

const untouched = (): Record<NewBlogField, boolean> =>
  Object.fromEntries(NEW_BLOG_FIELDS.map((field) => [field, false])) as Record<NewBlogField, boolean>;
const allTouched = (): Record<NewBlogField, boolean> =>
  Object.fromEntries(NEW_BLOG_FIELDS.map((field) => [field, true])) as Record<NewBlogField, boolean>;

/** The valid form as the add-new-blog request (name without surrounding blanks). */
function requestOf(values: NewBlogValues): NewBlogRequest | null {
  const { SectStatus, SectPosting, CommentsDisplay, PublicoPrivado, VistaxTorre } = values;
  if (SectStatus === null || SectPosting === null || CommentsDisplay === null) return null;
  if (PublicoPrivado === null || VistaxTorre === null) return null;
  return { SectName: values.SectName.trim(), SectStatus, SectPosting, CommentsDisplay, PublicoPrivado, VistaxTorre };
}

export const newBlogMachine = setup({
  types: {
    context: {} as NewBlogContext,
    events: {} as NewBlogEvent,
    output: {} as NewBlogOutput,
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(newBlogErrors(context.values)).length === 0,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'change');
      return { values: { ...context.values, [event.field]: event.value } };
    }),
    touchField: assign(({ context, event }) => {
      assertEvent(event, 'blur');
      return { touched: { ...context.touched, [event.field]: true } };
    }),
    touchAll: assign({ touched: allTouched }),
    keepResult: assign({ result: ({ context }) => requestOf(context.values) }),
  },
}).createMachine({
  id: 'newBlog',
  context: () => ({ values: { ...NEW_BLOG_DEFAULTS }, touched: untouched(), result: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        change: { actions: 'setField' },
        blur: { actions: 'touchField' },
        submit: [{ guard: 'formIsValid', target: 'created', actions: ['touchAll', 'keepResult'] }, { actions: 'touchAll' }],
        cancel: { target: 'cancelled' },
      },
    },
    created: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ value: context.result }),
});
