// The new-blog dialog ('+ Blog'), model-based: every state and transition walked against a real actor.
// Plus its rules: the defaults A, A, Y, 1, 1; the name required and under 40; 'Elige una opción' for a
// cleared choice; submitting marks every field touched and closes with a value only when valid.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { NEW_BLOG_DEFAULTS, newBlogErrors } from '../../src/api/blogs';
import { newBlogMachine } from '../../src/machines/newBlogMachine';
import {
  controllablePromises,
  coveredModel,
  type ModelEvent,
  NO_GAPS,
  type Snapshot,
  type StateChecks,
  walkEveryPath,
} from '../support/modelTesting';

type Snap = Snapshot<typeof newBlogMachine>;

const LONG_NAME = 'x'.repeat(40);

const { paths, gaps } = coveredModel(newBlogMachine, {
  events: (): ModelEvent[] => [
    { type: 'change', field: 'SectName', value: 'Deportes' },
    { type: 'change', field: 'SectName', value: LONG_NAME },
    { type: 'change', field: 'SectPosting', value: null },
    { type: 'change', field: 'SectPosting', value: 'B' },
    { type: 'blur', field: 'SectName' },
    { type: 'submit' },
    { type: 'cancel' },
  ],
});

describe('newBlogMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
    expect(paths.length).toBeGreaterThan(20);
  });

  let actor: Actor<typeof newBlogMachine>;
  const states: StateChecks<Snap> = {
    editing: (s) => {
      expect(actor.getSnapshot().status).toBe('active');
      // Nothing is given back while the dialog is open.
      expect(actor.getSnapshot().context.result).toBeNull();
      // A touched field with an error is what the dialog shows under it.
      const errors = newBlogErrors(s.context.values);
      if (s.context.touched.SectName && s.context.values.SectName === '')
        expect(errors.SectName).toBe('blogs.errors.nameRequired');
    },
    created: (s) => {
      expect(actor.getSnapshot().status).toBe('done');
      expect(newBlogErrors(s.context.values)).toEqual({});
      expect(Object.values(actor.getSnapshot().context.touched).every(Boolean)).toBe(true);
      expect(actor.getSnapshot().output).toEqual({
        value: { ...NEW_BLOG_DEFAULTS, SectName: 'Deportes', SectPosting: s.context.values.SectPosting },
      });
    },
    cancelled: () => {
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().output).toEqual({ value: null });
    },
  };

  walkEveryPath(it, newBlogMachine, paths, states, () => {
    actor = createActor(newBlogMachine).start();
    return {
      actor,
      calls: controllablePromises(),
      send: ['change', 'blur', 'submit', 'cancel'],
      invoked: [],
    };
  });
});

describe('newBlogMachine rules', () => {
  it('starts from the defaults A, A, Y, 1, 1 with nothing touched', () => {
    const actor = createActor(newBlogMachine).start();
    expect(actor.getSnapshot().context.values).toEqual({
      SectName: '',
      SectStatus: 'A',
      SectPosting: 'A',
      CommentsDisplay: 'Y',
      PublicoPrivado: 1,
      VistaxTorre: 1,
    });
    expect(Object.values(actor.getSnapshot().context.touched).some(Boolean)).toBe(false);
  });

  it('wants a name under 40 characters and every choice', () => {
    expect(newBlogErrors({ ...NEW_BLOG_DEFAULTS })).toEqual({ SectName: 'blogs.errors.nameRequired' });
    expect(newBlogErrors({ ...NEW_BLOG_DEFAULTS, SectName: 'x'.repeat(39) })).toEqual({});
    expect(newBlogErrors({ ...NEW_BLOG_DEFAULTS, SectName: LONG_NAME })).toEqual({ SectName: 'blogs.errors.nameUnder40' });
    expect(
      newBlogErrors({
        SectName: 'Ok',
        SectStatus: null,
        SectPosting: null,
        CommentsDisplay: null,
        PublicoPrivado: null,
        VistaxTorre: null,
      }),
    ).toEqual({
      SectStatus: 'blogs.errors.chooseOption',
      SectPosting: 'blogs.errors.chooseOption',
      CommentsDisplay: 'blogs.errors.chooseOption',
      PublicoPrivado: 'blogs.errors.chooseOption',
      VistaxTorre: 'blogs.errors.chooseOption',
    });
  });

  it('an invalid submit touches every field and stays open', () => {
    const actor = createActor(newBlogMachine).start();
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(Object.values(actor.getSnapshot().context.touched).every(Boolean)).toBe(true);
  });

  it('closes with the name trimmed', () => {
    const actor = createActor(newBlogMachine).start();
    actor.send({ type: 'change', field: 'SectName', value: '  Deportes ' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().output?.value?.SectName).toBe('Deportes');
  });
});
