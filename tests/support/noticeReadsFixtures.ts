// Official notices with read receipts (issue 30) as the contract shapes them: a notice as a member, the board and an
// administrator get it with the post (NoticeState), how far it reached (two pages of towers), who read it (two pages
// of readers, and those who pressed Enterado), a resend's answer and its refusal within the hour. Plain values: the
// machine models, machine, view and unit tests take the same facts.
import type { NoticeReader, NoticeState, ReachAnswer, ReadersAnswer, ResendAnswer, TowerShare } from '../../src/api/noticeReads';
import type { PostAnswer } from '../../src/api/posts';

export const NOTICE_ID = 5;

/** An important notice a member has opened and not acknowledged yet. */
export const MEMBER_NOTICE: NoticeState = {
  important: true,
  readAt: '2026-11-21T16:05:00.000Z',
  acknowledgedAt: null,
  canAcknowledge: true,
  canMarkImportant: false,
  canSeeReach: false,
  canSeeReaders: false,
};
export const ACKNOWLEDGED_AT = '2026-11-21T16:06:00.000Z';

/** The board: a member who reads it, and sees how far it reached. */
export const BOARD_NOTICE: NoticeState = { ...MEMBER_NOTICE, canSeeReach: true };

/** The administration: marks it important, sees everything, reads nothing of its own. */
export const ADMIN_NOTICE: NoticeState = {
  important: false,
  readAt: null,
  acknowledgedAt: null,
  canAcknowledge: false,
  canMarkImportant: true,
  canSeeReach: true,
  canSeeReaders: true,
};

const SECTION: PostAnswer['section'] = {
  SectId: 3,
  SectName: 'Avisos de la administración',
  SectCode: '',
  SectPosting: 'R',
  CommentsDisplay: 'Y',
  VistaxTorre: 1,
  SolPrivada: 0,
  PublicoPrivado: 0,
  ExclusivaUsuarios: 'N',
  SectStatus: 'A',
  blogCount: 14,
};

/** The notice as the post page gets it, with `notice` for the reader. */
export const noticePost = (notice: NoticeState): PostAnswer => ({
  success: true,
  section: SECTION,
  post: {
    PostId: NOTICE_ID,
    SectId: 3,
    Titulo: 'Corte de agua general',
    Texto: 'El jueves de 9:00 a 15:00 no habrá agua en todo el condominio.',
    UserId: 1,
    UserName: 'Administración Las Palmas',
    TorreName: null,
    Privado: 0,
    Estatus: 'A',
    FechaCreada: '2026-11-21T16:00:00.000Z',
    comentarios: 0,
    adjuntos: [],
    Importante: notice.important ? 1 : 0,
  },
  comments: [],
  canComment: true,
  canModerate: false,
  notice,
});

export const TOWERS: TowerShare[] = [
  { towerId: 1, name: 'Torre A', dwellings: 100, read: 41 },
  { towerId: 2, name: 'Torre B', dwellings: 100, read: 12 },
];
export const HOUSES: TowerShare = { towerId: null, name: null, dwellings: 60, read: 0 };

/** Eleven towers' worth of pages: ten on the first (here two, for short), houses on the second. */
export const REACH: ReachAnswer = {
  success: true,
  postId: NOTICE_ID,
  important: true,
  people: 90,
  readers: 55,
  acknowledged: 30,
  dwellings: 260,
  readDwellings: 53,
  towers: TOWERS,
  total: 11,
  lastResendAt: null,
};
export const REACH_PAGE_TWO: ReachAnswer = { ...REACH, towers: [HOUSES] };
/** Everyone it is for has read it: nobody left to resend to. */
export const REACH_ALL_READ: ReachAnswer = { ...REACH, readers: 90 };

export const READERS: NoticeReader[] = [
  {
    userId: 31,
    name: 'Ana López Díaz',
    dwelling: 'Torre A - 102',
    readAt: '2026-11-21T16:10:00.000Z',
    acknowledgedAt: '2026-11-21T16:11:00.000Z',
  },
  { userId: 32, name: 'Luis Pérez Soto', dwelling: 'Torre A - 105', readAt: '2026-11-21T17:00:00.000Z', acknowledgedAt: null },
];
export const READERS_PAGE: ReadersAnswer = { success: true, readers: READERS, total: 55 };
export const READERS_PAGE_THREE: ReadersAnswer = {
  success: true,
  readers: [
    { userId: 77, name: 'Rosa Ruiz Mora', dwelling: 'Casa 12', readAt: '2026-11-22T09:00:00.000Z', acknowledgedAt: null },
  ],
  total: 55,
};
export const ACKNOWLEDGED_PAGE: ReadersAnswer = { success: true, readers: [READERS[0]!], total: 30 };
export const NO_READERS: ReadersAnswer = { success: true, readers: [], total: 0 };

export const RESENT: ResendAnswer = { success: true, notified: 35, mailed: 33, sentAt: '2026-11-21T18:00:00.000Z' };
export const RESENT_NOBODY: ResendAnswer = { success: true, notified: 0, mailed: 0, sentAt: null };
export const RESENT_RECENTLY_MESSAGE = 'Este aviso ya se reenvió hace menos de una hora. Podrás reenviarlo en 42 minutos.';
