// The new-blog dialog ('+ Blog'), model-based: every event the machine declares offered from tests/models
// (the browser walk builds its paths from the same model), every branch walked against a real actor. Plus
// its rules: the defaults A, A, Y, 1, 1; the name required and under 40; 'Elige una opción' for a cleared
// choice; submitting marks every field touched and closes with a value only when valid.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, getNextSnapshot } from 'xstate';
import { NEW_BLOG_DEFAULTS, NEW_BLOG_FIELDS, newBlogErrors } from '../../src/api/blogs';
import { newBlogMachine } from '../../src/machines/newBlogMachine';
import { LONG_NAME, NAME, newBlogModel } from '../models/newBlogMachine.model';
import { coverModel, MODEL_COMPLETE, type Payload, walkModel } from '../support/machineModel';
import { controllablePromises, type PathStep, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof newBlogMachine>;
const cover = coverModel(newBlogModel);
const ALL_TOUCHED = Object.fromEntries(NEW_BLOG_FIELDS.map((field) => [field, true]));

describe('newBlogMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let actor: Actor<typeof newBlogMachine>;
  const now = () => actor.getSnapshot();
  const states: StateChecks<Snap> = {
    editing: (s) => {
      expect(now().status).toBe('active');
      // Nothing is given back while the dialog is open.
      expect(s.context.result).toBeNull();
      // Crear closes the dialog exactly when the shared rules pass; else it shows every message.
      const valid = Object.keys(newBlogErrors(s.context.values)).length === 0;
      expect(getNextSnapshot(newBlogMachine, now(), { type: 'submit' }).value).toBe(valid ? 'created' : 'editing');
      expect(now().can({ type: 'cancel' })).toBe(true);
      if (s.context.values.SectName === LONG_NAME)
        expect(newBlogErrors(s.context.values).SectName).toBe('blogs.errors.nameUnder40');
    },
    created: (s) => {
      expect(now().status).toBe('done');
      expect(s.context.touched).toEqual(ALL_TOUCHED);
      expect(now().output).toEqual({
        value: { ...NEW_BLOG_DEFAULTS, SectName: NAME, SectPosting: s.context.values.SectPosting },
      });
      expect(['A', 'B']).toContain(s.context.values.SectPosting);
    },
    cancelled: () => {
      expect(now().status).toBe('done');
      expect(now().output).toEqual({ value: null });
    },
  };

  const event = (step: PathStep) => step.event as PathStep['event'] & Payload;
  const leadsTo = {
    change: (step: PathStep) => expect(now().context.values[event(step).field as 'SectName']).toBe(event(step).value),
    blur: (step: PathStep) => expect(now().context.touched[event(step).field as 'SectName']).toBe(true),
    // Pressed on an invalid form, Crear shows every field's message and the dialog stays.
    submit: () => {
      if (now().status === 'active') expect(now().context.touched).toEqual(ALL_TOUCHED);
    },
  };

  walkModel(it, cover, newBlogMachine, states, () => {
    actor = createActor(newBlogMachine).start();
    return { actor, calls: controllablePromises(), after: leadsTo };
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
