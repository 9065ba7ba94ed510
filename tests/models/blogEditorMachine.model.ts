// listado-blogs' blog editor as a test model: an exclusive blog with one resident (Consejo, Torre B) and
// one who could join (Vecino Veinte, no tower), in a condominium of two towers. The payloads keep the
// state space small: the name emptied and given back, the exclusivity switched, one resident ticked at a
// time and only before searching, one search and one tower filter. The words its scenarios are told in:
// docs/scenarios/blogEditorMachine.md.
import type { Blog, Resident, Tower } from '../../src/api/blogs';
import { blogEditorMachine } from '../../src/machines/blogEditorMachine';
import type { BlogEditorData } from '../../src/services/blogsService';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const BLOG: Blog = {
  SectId: 9,
  SectName: 'Comité de jardinería',
  SectCode: '',
  SecGraphic: null,
  SectPosition: 9,
  SectStatus: 'A',
  SectPosting: 'B',
  CommentsDisplay: 'Y',
  VistaxTorre: 0,
  SolPrivada: 1,
  ExclusivaUsuarios: 'Y',
  PublicoPrivado: 0,
  TiempoMoroso: 0,
  userCount: 1,
  VerResultados: 0,
  EnviarCopia: 0,
  MensajeConfirmacion: null,
  blogCount: 0,
};
export const CONSEJO: Resident = {
  UserId: 2,
  UserName: 'Consejo',
  AptName: '502',
  TorreName: 'Torre B',
  TorreId: 2,
  IdUsersSections: 7,
};
export const VECINO: Resident = { UserId: 20, UserName: 'Vecino Veinte', AptName: 'Casa 3', TorreName: '', TorreId: null };
export const TOWERS: Tower[] = [
  { id: 1, nombre: 'Torre A' },
  { id: 2, nombre: 'Torre B' },
];
export const DATA: BlogEditorData = { blog: BLOG, residents: [CONSEJO, VECINO], towers: TOWERS };
export const SAVE_REFUSED = 'El nombre del blog es requerido';
export const SEARCHED = 'torre b';

const RESIDENTS = [CONSEJO, VECINO];
const nameOf = (userId: unknown) => RESIDENTS.find((r) => r.UserId === userId)?.UserName ?? String(userId);

export const blogEditorModel = defineModel({
  machine: blogEditorMachine,
  input: { sectionId: BLOG.SectId },
  payloads: {
    // The fields are behind the selector's dialog while it is open: no change there. Elsewhere the name
    // emptied (Guardar off) and given back, and the exclusivity switched to the other answer.
    change: (s) => {
      if (s.matches({ editing: 'selector' }) || !s.context.form) return [];
      const { SectName, ExclusivaUsuarios } = s.context.form;
      return [
        { field: 'SectName', value: SectName === '' ? BLOG.SectName : '' },
        { field: 'ExclusivaUsuarios', value: ExclusivaUsuarios === 'Y' ? 'N' : 'Y' },
      ];
    },
    save: BARE,
    confirm: BARE,
    cancel: BARE,
    retry: BARE,
    openSelector: BARE,
    closeSelector: BARE,
    // One search, typed while nothing is searched or filtered (and again while it waits).
    search: (s) =>
      s.context.search === '' && s.context.towerFilter === null && noneTicked(s.context) ? [{ value: SEARCHED }] : [],
    filterTower: (s) =>
      s.context.searchInput === '' && s.context.towerFilter === null && noneTicked(s.context)
        ? [{ towerId: CONSEJO.TorreId }]
        : [],
    // Before searching, either resident ticked (Consejo leaves, Vecino joins); once one is, it alone, to untick.
    toggleResident: (s) => {
      const { added, removed, searchInput, towerFilter } = s.context;
      const ticked = [...added, ...removed];
      if (ticked.length) return ticked.map((userId) => ({ userId }));
      return searchInput === '' && towerFilter === null ? RESIDENTS.map((r) => ({ userId: r.UserId })) : [];
    },
    'xstate.done.actor.loadEditor': [{ output: DATA }],
    'xstate.error.actor.loadEditor': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    'xstate.done.actor.reloadEditor': [{ output: DATA }],
    'xstate.error.actor.reloadEditor': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    'xstate.done.actor.saveBlog': [{ output: BLOG }],
    'xstate.error.actor.saveBlog': [{ error: new ApiError(400, 'BAD_REQUEST', SAVE_REFUSED, 'SectName') }],
  },
  label: (e) => (e.type === 'toggleResident' ? `toggle ${nameOf((e as { userId?: number }).userId)}` : eventLabel(e)),
  words: {
    states: {
      loading: 'Editar blog shows a loader while the blog, its residents and the towers load.',
      loadFailed: 'No se pudo cargar el blog., with Reintentar.',
      editing:
        'The blog’s fields (Nombre del blog, Estatus, Exclusivo para algunos residentes…); Guardar on only while the form is valid.',
      'editing.form':
        'The blog’s fields (Nombre del blog, Estatus, Exclusivo para algunos residentes…) and Guardar, on only while the form is valid; an exclusive blog shows how many residents are selected and Selecciona los residentes.',
      'editing.selector':
        'The dialog Selecciona los residentes: Buscar por nombre o vivienda, Torre, the count and a box per resident.',
      'editing.selector.settled':
        'Over the form, the dialog Selecciona los residentes: Buscar por nombre o vivienda, Torre, the count, a box per resident that matches the search and the tower, and Listo.',
      'editing.selector.debouncing':
        'The dialog Selecciona los residentes with new text in Buscar por nombre o vivienda; its list still shows the previous search until 500 ms pass.',
      confirming: 'The dialog Guardar cambios asks ¿Deseas guardar los cambios del blog …? with Cancelar and Guardar.',
      saving: 'The dialog’s Guardar shows it is saving; Cancelar is off.',
      saveFailed: 'The dialog says No se pudo guardar el blog. with the server’s words, Cancelar and Reintentar.',
      reloading: 'The form is off while the saved blog loads again.',
      saved: 'Blog guardado shows for 3 seconds over the form.',
    },
    events: {
      change: (e) =>
        e.field === 'SectName'
          ? `types “${e.value}” in Nombre del blog`
          : `chooses ${e.value === 'Y' ? 'Sí' : 'No'} in Exclusivo para algunos residentes`,
      save: () => 'presses Guardar',
      confirm: () => 'presses Guardar in the dialog',
      cancel: () => 'presses Cancelar',
      retry: () => 'presses Reintentar',
      openSelector: () => 'presses Selecciona los residentes',
      closeSelector: () => 'presses Listo',
      search: (e) => `types “${e.value}” in Buscar por nombre o vivienda`,
      filterTower: (e) => `chooses ${TOWERS.find((t) => t.id === e.towerId)?.nombre ?? 'Todas las torres'} in Torre`,
      toggleResident: (e) => `ticks or unticks ${nameOf(e.userId)}`,
      'xstate.after.searchDebounce.blogEditor.editing.selector.debouncing': () => '500 ms pass without typing',
      'xstate.after.savedMessage.blogEditor.saved': () => '3 seconds pass',
      'xstate.done.actor.loadEditor': () => 'the server answers the blog, its residents and the towers',
      'xstate.error.actor.loadEditor': () => 'the connection fails',
      'xstate.done.actor.reloadEditor': () => 'the server answers the saved blog',
      'xstate.error.actor.reloadEditor': () => 'the connection fails',
      'xstate.done.actor.saveBlog': () => 'the server saves the blog',
      'xstate.error.actor.saveBlog': (e) => `the server refuses: “${(e.error as ApiError).message}”`,
    },
  },
});

function noneTicked(context: { added: number[]; removed: number[] }): boolean {
  return context.added.length === 0 && context.removed.length === 0;
}
