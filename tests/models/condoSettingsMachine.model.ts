// The condominium's settings as a test model: loaded (or failing to load, then retried), edited (a blank name
// is invalid until fixed; the colour changed), saved (the session refreshed), refused by the server (the map),
// stale (someone else saved first: take theirs or keep mine), failed (retried or left); the logo changed or
// removed, or failing. The words its scenarios are told in: docs/scenarios/condoSettingsMachine.md.
import type { EventObject } from 'xstate';
import type { CondoSettings } from '../../src/api/condoSettings';
import { type CondoSettingsContext, condoSettingsMachine } from '../../src/machines/condoSettingsMachine';
import type { SaveSettingsResult } from '../../src/services/condoSettingsService';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

export const SETTINGS: CondoSettings = {
  condoId: 2,
  logoFileName: null,
  version: 'a'.repeat(32),
  fields: {
    name: 'Torres del Bosque',
    adminCompany: '',
    backgroundColor: 'azul',
    address1: 'Calle Pino 45',
    address2: '',
    city: 'Guadalajara',
    state: 'Jalisco',
    zip: '44600',
    country: 'México',
    phone1: '3344556677',
    phoneCountry1: '52',
    phone2: '',
    phoneCountry2: '',
    mapa: '',
    publicidad: '',
    masInformacion: '',
    avisoPrivacidad: '',
    avisoActivo: false,
    mostrarIngresos: 'M',
    displayDirectory: 'E',
    tipoAvisos: 'email',
    tipoDescarga: 'pdf',
    walkInAnswerMinutes: 3,
    parcelReminderDays: 3,
    photoRetentionDays: 30,
    timeZone: 'America/Mexico_City',
  },
};
export const WITH_LOGO: CondoSettings = { ...SETTINGS, logoFileName: '41.png', version: 'c'.repeat(32) };
export const THEIRS: CondoSettings = { ...SETTINGS, version: 'd'.repeat(32), fields: { ...SETTINGS.fields, city: 'Zapopan' } };
export const SAVED: SaveSettingsResult = {
  kind: 'saved',
  settings: { ...SETTINGS, version: 'b'.repeat(32), fields: { ...SETTINGS.fields, backgroundColor: 'naranja' } },
};
export const STALE: SaveSettingsResult = {
  kind: 'stale',
  settings: THEIRS,
  message: 'Alguien más cambió la configuración. Revisa la versión actual y vuelve a guardar.',
};
export const MAP_REFUSED = new ApiError(
  400,
  'BAD_REQUEST',
  'No podemos usar ese mapa.',
  'fields.mapa',
  'condoSettings.error.mapa',
);
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const PNG = 'data:image/png;base64,iVBORw0KGgo=';

type Snap = Snapshot<typeof condoSettingsMachine>;
const ctx = (s: Snap): CondoSettingsContext => s.context;

export const condoSettingsModel = defineModel({
  machine: condoSettingsMachine,
  payloads: {
    'xstate.done.actor.load': [{ output: SETTINGS }],
    'xstate.error.actor.load': (s) => (ctx(s).failure ? [] : [{ error: NO_CONNECTION }]),
    retry: BARE,
    back: BARE,
    edit: (s) => {
      const draft = ctx(s).draft;
      if (!draft) return [];
      if (s.matches('saved')) return [{ patch: { name: '' } }];
      if (draft.name === '') return [{ patch: { name: 'Torres del Bosque' } }];
      return draft.backgroundColor === 'azul' ? [{ patch: { name: '' } }, { patch: { backgroundColor: 'naranja' } }] : [];
    },
    save: BARE,
    takeFresh: BARE,
    keepMine: BARE,
    // The logo while nothing else is changed (it is stored on its own): chosen, then removed.
    changeLogo: (s) =>
      ctx(s).draft?.backgroundColor !== 'azul' && !s.matches('saved')
        ? []
        : ctx(s).settings?.logoFileName
          ? [{ dataUrl: null }]
          : [{ dataUrl: PNG }],
    'xstate.done.actor.logo': (s) => [{ output: ctx(s).settings?.logoFileName ? SETTINGS : WITH_LOGO }],
    'xstate.error.actor.logo': (s) => (ctx(s).logoFailure || ctx(s).settings?.logoFileName ? [] : [{ error: NO_CONNECTION }]),
    // Someone else saves first only against the version first read, and the server refuses only the first try.
    'xstate.done.actor.save': (s) =>
      ctx(s).settings?.version === SETTINGS.version && !ctx(s).logoFailure
        ? [{ output: SAVED }, { output: STALE }]
        : [{ output: SAVED }],
    'xstate.error.actor.save': (s) =>
      ctx(s).failure ||
      ctx(s).refusal ||
      ctx(s).serverProblem ||
      ctx(s).settings?.version !== SETTINGS.version ||
      ctx(s).logoFailure
        ? []
        : [{ error: MAP_REFUSED }, { error: NO_CONNECTION }],
  },
  label: (event: EventObject) => eventLabel(event),
  words: {
    states: {
      loading: 'The tab “Condominio” shows a loader.',
      loadFailed: 'An alert “No pudimos cargar la configuración.” and Reintentar.',
      editing:
        'The form: general data (name, company, colour, time zone, logo), the public page (address, phones with country code, map, banner, more information), the privacy notice and its switch, and the options (income reports, directories, notices, downloads); Guardar cambios.',
      invalid: 'The form with the problem under its field and “Revisa los campos marcados.”',
      changingLogo: 'The logo is being stored.',
      saving: 'Guardar cambios is busy.',
      stale: 'An alert: someone else changed the settings; “Usar la versión actual” or “Conservar mis cambios”.',
      failed: 'An alert (no connection), Reintentar and Volver al formulario.',
      saved: '“Cambios guardados.”; the menus and the privacy dialog already follow the new settings.',
    },
    events: {
      edit: (e) =>
        `changes ${Object.entries(e.patch as object)
          .map(([k, v]) => `${k} to “${v}”`)
          .join(', ')}`,
      save: () => 'presses Guardar cambios',
      retry: () => 'presses Reintentar',
      back: () => 'goes back to the form',
      takeFresh: () => 'takes the current version',
      keepMine: () => 'keeps their changes, to save them over the current version',
      changeLogo: (e) => (e.dataUrl ? 'chooses a logo' : 'removes the logo'),
      'xstate.done.actor.load': () => 'the settings arrive',
      'xstate.error.actor.load': () => 'the connection fails',
      'xstate.done.actor.logo': () => 'the logo is stored',
      'xstate.error.actor.logo': () => 'the connection fails',
      'xstate.done.actor.save': (e) =>
        (e.output as SaveSettingsResult).kind === 'stale' ? 'the server says someone else saved first' : 'the server saves them',
      'xstate.error.actor.save': (e) => ((e.error as ApiError).status ? 'the server refuses the map' : 'the connection fails'),
    },
  },
});
