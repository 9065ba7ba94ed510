// Blog configuration (listado-blogs, spec §2.2, §3.2, §4, §5, §7): the comunicacion calls at their spec
// paths, the blog and resident shapes, and the pure rules both sides use (field visibility, the new-blog
// and edit-blog rules, exclusivity, positions).
import {
  array,
  enums,
  type Infer,
  integer,
  literal,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
  type,
} from 'superstruct';
import { dwellingName } from './dwellings';
import { anyContains } from './search';
import { Id } from './validation';

export const BLOG_PATHS = {
  /** Administrators: every blog of the condominium, by position. */
  list: '/--comunicacion/blogs-list',
  /** Administrators: the form fields plus newUsers and deletedUsers. */
  update: '/--comunicacion/update-section',
  /** Administrators: the section with its new SectStatus (A ↔ I). */
  enableDisable: '/--comunicacion/enable-disable-section',
  /** Administrators: the affected sections with their new SectPosition. */
  updatePositions: '/--comunicacion/update-section-position',
  /** Administrators: the condominium's residents, with IdUsersSections when assigned to the blog. */
  users: (sectionId: number | string) => `/--comunicacion/user-sections/${sectionId}`,
  /** Administrators: a new blog at the last position. */
  addNew: '/--comunicacion/add-new-blog',
  /** Administrators: one blog. */
  single: (sectionId: number | string) => `/--comunicacion/get-single-section/${sectionId}`,
  /** Any signed-in member: the condominium's towers. */
  towers: '/--reportes/torres-list',
} as const;

/** Spec §9: a blog's name is under 40 characters on creation and at most 120 on edit. */
export const NEW_BLOG_NAME_LIMIT = 40;
export const BLOG_NAME_MAX = 120;
/** Spec §5, §9: MensajeConfirmacion at most 100 characters. */
export const CONFIRMATION_MESSAGE_MAX = 100;
/** Spec §9: the resident search waits this long after the last keystroke. */
export const RESIDENT_SEARCH_DEBOUNCE_MS = 500;
/** Spec §9: the saved message shows this long. */
export const SAVED_MESSAGE_MS = 3000;

export const SectStatus = enums(['A', 'I']);
export const SectPosting = enums(['A', 'B', 'R']);
export const YesNo = enums(['Y', 'N']);
export const Flag = enums([0, 1]);
export const VerResultados = enums([0, 1, 2]);
/**
 * TiempoMoroso (EN sections, issue 14): days. A dwelling whose oldest unpaid charge is overdue by more than
 * this may not vote in the section's votaciones; 0: dwellings in arrears vote. The editor offers
 * ARREARS_DAYS_CHOICES (and keeps any other stored value).
 */
export const ARREARS_DAYS_MAX = 3650;
export const ARREARS_DAYS_CHOICES = [0, 30, 60, 90] as const;
export const ArrearsDays = refine(
  integer(),
  'ArrearsDays',
  (value) => (value >= 0 && value <= ARREARS_DAYS_MAX) || 'must be from 0 to 3650',
);

export const Blog = object({
  SectId: number(),
  SectName: string(),
  SectCode: string(),
  SecGraphic: nullable(string()),
  SectPosition: number(),
  SectStatus,
  SectPosting,
  CommentsDisplay: YesNo,
  VistaxTorre: Flag,
  SolPrivada: Flag,
  ExclusivaUsuarios: YesNo,
  PublicoPrivado: Flag,
  TiempoMoroso: number(),
  userCount: number(),
  VerResultados,
  EnviarCopia: Flag,
  MensajeConfirmacion: nullable(string()),
  blogCount: number(),
});
export type Blog = Infer<typeof Blog>;

export const BlogListAnswer = object({ success: literal(true), data: array(Blog) });
export const BlogAnswer = object({ success: literal(true), data: Blog });

export const Resident = object({
  UserId: number(),
  UserName: string(),
  AptName: string(),
  TorreName: string(),
  TorreId: nullable(number()),
  IdUsersSections: optional(number()),
});
export type Resident = Infer<typeof Resident>;
export const ResidentsAnswer = object({ success: literal(true), data: array(Resident) });

export const Tower = object({ id: number(), nombre: string() });
export type Tower = Infer<typeof Tower>;
export const TowersAnswer = object({ success: literal(true), torres: array(Tower) });

const UserIds = size(array(Id), 0, 5000);

/** update-section: the editable fields of the form, plus who joins and who leaves an exclusive blog. */
export const UpdateBlogRequest = object({
  SectId: Id,
  SectCode: size(string(), 0, 10),
  SectName: size(string(), 0, 1000),
  SectStatus,
  SectPosting,
  CommentsDisplay: YesNo,
  VistaxTorre: Flag,
  SolPrivada: Flag,
  ExclusivaUsuarios: YesNo,
  PublicoPrivado: Flag,
  TiempoMoroso: ArrearsDays,
  VerResultados,
  EnviarCopia: Flag,
  MensajeConfirmacion: nullable(size(string(), 0, 1000)),
  newUsers: UserIds,
  deletedUsers: UserIds,
});
export type UpdateBlogRequest = Infer<typeof UpdateBlogRequest>;

/**
 * enable-disable-section takes "the section" (spec §7): a client may send the whole section as blogs-list
 * gives it; what the call needs is validated, the other fields are ignored (superstruct type(), not object()).
 */
export const EnableDisableRequest = type({ SectId: Id, SectStatus });
export type EnableDisableRequest = Infer<typeof EnableDisableRequest>;

/** update-section-position takes "the affected sections" (spec §7): whole sections or just these two fields. */
export const PositionChange = type({ SectId: Id, SectPosition: min(max(integer(), 10_000), 1) });
export const UpdatePositionsRequest = size(array(PositionChange), 1, 500);
export type UpdatePositionsRequest = Infer<typeof UpdatePositionsRequest>;

/** add-new-blog: what the new-blog dialog gives (spec §7). */
export const NewBlogRequest = object({
  SectName: size(string(), 0, 1000),
  SectStatus,
  SectPosting,
  CommentsDisplay: YesNo,
  PublicoPrivado: Flag,
  VistaxTorre: Flag,
});
export type NewBlogRequest = Infer<typeof NewBlogRequest>;

// ---- The rules (spec §4, §5), pure ----

/** Message ids of the blog forms (src/i18n/<lang>/blogs.json). */
export const BLOG_MESSAGES = {
  nameRequired: 'blogs.errors.nameRequired',
  nameUnder40: 'blogs.errors.nameUnder40',
  nameMax120: 'blogs.errors.nameMax120',
  chooseOption: 'blogs.errors.chooseOption',
  confirmationMax: 'blogs.errors.confirmationMax',
  required: 'blogs.errors.required',
  postingNotForSurveys: 'blogs.errors.postingNotForSurveys',
} as const;

export type BlogMessage = (typeof BLOG_MESSAGES)[keyof typeof BLOG_MESSAGES];

/** SectPosting choices: B (approval required) is not offered for surveys (EN). */
export function postingOptions(code: string): ('A' | 'B' | 'R')[] {
  return code === 'EN' ? ['A', 'R'] : ['A', 'B', 'R'];
}

/** The new-blog dialog: its fields may be cleared (null) until chosen. */
export interface NewBlogValues {
  SectName: string;
  SectStatus: 'A' | 'I' | null;
  SectPosting: 'A' | 'B' | 'R' | null;
  CommentsDisplay: 'Y' | 'N' | null;
  PublicoPrivado: 0 | 1 | null;
  VistaxTorre: 0 | 1 | null;
}
export type NewBlogField = keyof NewBlogValues;
export const NEW_BLOG_FIELDS: readonly NewBlogField[] = [
  'SectName',
  'SectStatus',
  'SectPosting',
  'CommentsDisplay',
  'PublicoPrivado',
  'VistaxTorre',
];

/** Spec §5: the defaults A, A, Y, 1, 1. */
export const NEW_BLOG_DEFAULTS: NewBlogValues = {
  SectName: '',
  SectStatus: 'A',
  SectPosting: 'A',
  CommentsDisplay: 'Y',
  PublicoPrivado: 1,
  VistaxTorre: 1,
};

/** The new-blog rules of spec §5, as message ids per field (empty when valid). */
export function newBlogErrors(values: NewBlogValues): Partial<Record<NewBlogField, string>> {
  const errors: Partial<Record<NewBlogField, string>> = {};
  const name = values.SectName.trim();
  if (!name) errors.SectName = BLOG_MESSAGES.nameRequired;
  else if (name.length >= NEW_BLOG_NAME_LIMIT) errors.SectName = BLOG_MESSAGES.nameUnder40;
  for (const field of NEW_BLOG_FIELDS) {
    if (field !== 'SectName' && values[field] === null) errors[field] = BLOG_MESSAGES.chooseOption;
  }
  return errors;
}

/** The editable part of a blog in the editor. */
export type BlogForm = Omit<UpdateBlogRequest, 'newUsers' | 'deletedUsers'>;
export type BlogFormField = Exclude<keyof BlogForm, 'SectId' | 'SectCode'>;

export function blogFormOf(blog: Blog): BlogForm {
  return {
    SectId: blog.SectId,
    SectCode: blog.SectCode,
    SectName: blog.SectName,
    SectStatus: blog.SectStatus,
    SectPosting: blog.SectPosting,
    CommentsDisplay: blog.CommentsDisplay,
    VistaxTorre: blog.VistaxTorre,
    SolPrivada: blog.SolPrivada,
    ExclusivaUsuarios: blog.ExclusivaUsuarios,
    PublicoPrivado: blog.PublicoPrivado,
    TiempoMoroso: blog.TiempoMoroso,
    VerResultados: blog.VerResultados,
    EnviarCopia: blog.EnviarCopia,
    MensajeConfirmacion: blog.MensajeConfirmacion,
  };
}

/** The edit-blog rules of spec §5 (name required, at most 120; confirmation at most 100; SectId and
 * SectCode required; no B for surveys), as message ids per field. */
export function blogFormErrors(form: BlogForm): Partial<Record<keyof BlogForm, string>> {
  const errors: Partial<Record<keyof BlogForm, string>> = {};
  const name = form.SectName.trim();
  if (!name) errors.SectName = BLOG_MESSAGES.nameRequired;
  else if (name.length > BLOG_NAME_MAX) errors.SectName = BLOG_MESSAGES.nameMax120;
  if ((form.MensajeConfirmacion ?? '').length > CONFIRMATION_MESSAGE_MAX) {
    errors.MensajeConfirmacion = BLOG_MESSAGES.confirmationMax;
  }
  if (!(form.SectId > 0)) errors.SectId = BLOG_MESSAGES.required;
  // A generic blog's code is the empty text: required means present, never missing.
  if (typeof form.SectCode !== 'string') errors.SectCode = BLOG_MESSAGES.required;
  if (!postingOptions(form.SectCode).includes(form.SectPosting)) errors.SectPosting = BLOG_MESSAGES.postingNotForSurveys;
  return errors;
}

export type BlogFieldName =
  | 'SectPosting'
  | 'CommentsDisplay'
  | 'PublicoPrivado'
  | 'SolPrivada'
  | 'ExclusivaUsuarios'
  | 'VistaxTorre'
  | 'VerResultados'
  | 'EnviarCopia'
  | 'TiempoMoroso'
  | 'MensajeConfirmacion';

/**
 * Which fields the editor shows (spec §5, conditional fields):
 * - posting unless IC;
 * - comments unless IC or EN;
 * - private communication (PublicoPrivado) unless IC, SA or EN;
 * - default private post (SolPrivada) when PublicoPrivado is 1 or the code is SA;
 * - exclusivity (and its residents) unless IC;
 * - per-tower view when not IC and not exclusive;
 * - results visibility for EN; delinquent participation, copy and confirmation for EN when not exclusive.
 */
export function visibleBlogFields(form: Pick<BlogForm, 'SectCode' | 'PublicoPrivado' | 'ExclusivaUsuarios'>): Set<BlogFieldName> {
  const code = form.SectCode;
  const exclusive = form.ExclusivaUsuarios === 'Y';
  const shown = new Set<BlogFieldName>();
  if (code !== 'IC') shown.add('SectPosting');
  if (code !== 'IC' && code !== 'EN') shown.add('CommentsDisplay');
  if (code !== 'IC' && code !== 'SA' && code !== 'EN') shown.add('PublicoPrivado');
  if (form.PublicoPrivado === 1 || code === 'SA') shown.add('SolPrivada');
  if (code !== 'IC') shown.add('ExclusivaUsuarios');
  if (code !== 'IC' && !exclusive) shown.add('VistaxTorre');
  if (code === 'EN') {
    shown.add('VerResultados');
    if (!exclusive) {
      shown.add('TiempoMoroso');
      shown.add('EnviarCopia');
      shown.add('MensajeConfirmacion');
    }
  }
  return shown;
}

export interface Positioned {
  SectId: number;
  SectPosition: number;
}

/**
 * Spec §4: moving a blog to another position shifts the blogs in between by one (towards the place it
 * left), re-sorts, and names only the affected blogs (the moved one and those shifted).
 */
export function repositionBlogs<T extends Positioned>(
  blogs: readonly T[],
  sectId: number,
  position: number,
): { blogs: T[]; affected: Positioned[] } {
  const moved = blogs.find((b) => b.SectId === sectId);
  if (!moved || moved.SectPosition === position) return { blogs: [...blogs], affected: [] };
  const from = moved.SectPosition;
  const affected: Positioned[] = [];
  const next = blogs.map((blog) => {
    let p = blog.SectPosition;
    if (blog.SectId === sectId) p = position;
    else if (position < from && p >= position && p < from) p += 1;
    else if (position > from && p > from && p <= position) p -= 1;
    if (p !== blog.SectPosition) affected.push({ SectId: blog.SectId, SectPosition: p });
    return p === blog.SectPosition ? blog : { ...blog, SectPosition: p };
  });
  next.sort((a, b) => a.SectPosition - b.SectPosition || a.SectId - b.SectId);
  return { blogs: next, affected };
}

/**
 * Spec §5: the resident search is a case-insensitive 'contains' on the name and the dwelling text (accents
 * ignored too: src/api/search.ts).
 */
export function dwellingText(resident: Pick<Resident, 'TorreName' | 'AptName'>): string {
  return dwellingName(resident.TorreName, resident.AptName);
}

export function filterResidents<T extends Resident>(residents: readonly T[], search: string, towerId: number | null): T[] {
  return residents.filter(
    (resident) =>
      (towerId === null || resident.TorreId === towerId) && anyContains([resident.UserName, dwellingText(resident)], search),
  );
}
