// The pure rules of official notices (issue 30, src/api/noticeReads.ts and permissions.ts): which section is the
// notices section, the share read per tower (houses as one more, last; a reader's dwelling outside the audience
// counts nowhere), the percentage that never rounds up to 100, the minutes left before a second resend, and who may
// acknowledge, mark important, see the reach and see who read it.
import { describe, expect, it } from 'vitest';
import {
  isNoticeSection,
  NOTICE_RESEND_COOLDOWN_MS,
  resendWaitMinutes,
  type ShareDwelling,
  sharePercent,
  towerShares,
} from '../../src/api/noticeReads';
import {
  type CommunicationViewer,
  canAcknowledgeNotice,
  canMarkNoticeImportant,
  canResendNotice,
  canSeeNoticeReach,
  canSeeNoticeReaders,
  type PostFacts,
  recordsNoticeReads,
  type SectionFacts,
} from '../../src/api/permissions';

describe('the notices section', () => {
  it('is a section of posts where only the administration posts', () => {
    expect(isNoticeSection({ SectPosting: 'R', SectCode: '' })).toBe(true);
    // The board's matters: a section of posts too, for the board.
    expect(isNoticeSection({ SectPosting: 'R', SectCode: 'AC' })).toBe(true);
    expect(isNoticeSection({ SectPosting: 'A', SectCode: '' })).toBe(false);
    expect(isNoticeSection({ SectPosting: 'B', SectCode: '' })).toBe(false);
    // Sections with screens of their own, whoever posts there.
    for (const code of ['SA', 'IC', 'EN', 'RI', 'EV', 'OR'])
      expect(isNoticeSection({ SectPosting: 'R', SectCode: code }), code).toBe(false);
  });
});

describe('the share read per tower', () => {
  const tower = (towerId: number | null, towerName: string | null, ids: number[]): ShareDwelling[] =>
    ids.map((id) => ({ id, towerId, towerName }));
  const dwellings = [
    ...tower(null, null, [201, 202, 203]),
    ...tower(2, 'Torre B', [101, 102]),
    ...tower(1, 'Torre A', [1, 2, 3, 4]),
    ...tower(3, 'Torre 10', [301]),
    ...tower(4, 'Torre 9', [401]),
  ];

  it('counts dwellings with at least one reader of each tower’s active dwellings, towers by name, houses last', () => {
    // 2 read twice (two people of one dwelling), 999 is no dwelling of the notice's (inactive, or another tower).
    expect(towerShares(dwellings, [2, 2, 4, 102, 203, 999])).toEqual([
      // Numbers in names read as numbers: 9 before 10.
      { towerId: 4, name: 'Torre 9', dwellings: 1, read: 0 },
      { towerId: 3, name: 'Torre 10', dwellings: 1, read: 0 },
      { towerId: 1, name: 'Torre A', dwellings: 4, read: 2 },
      { towerId: 2, name: 'Torre B', dwellings: 2, read: 1 },
      { towerId: null, name: null, dwellings: 3, read: 1 },
    ]);
  });

  it('has no row for a tower without active dwellings, and nothing for no dwellings', () => {
    expect(towerShares([], [1, 2])).toEqual([]);
    expect(towerShares(tower(1, 'Torre A', [1]), [])).toEqual([{ towerId: 1, name: 'Torre A', dwellings: 1, read: 0 }]);
  });

  it('reads as a whole percentage rounded down: 199 of 200 is 99, 0 of 0 is 0', () => {
    expect(sharePercent(199, 200)).toBe(99);
    expect(sharePercent(200, 200)).toBe(100);
    expect(sharePercent(1, 3)).toBe(33);
    expect(sharePercent(2, 3)).toBe(66);
    expect(sharePercent(0, 0)).toBe(0);
  });
});

describe('a second resend', () => {
  const now = new Date('2026-11-21T18:00:00.000Z');
  it('waits an hour after the last one, said in whole minutes rounded up', () => {
    expect(NOTICE_RESEND_COOLDOWN_MS).toBe(3_600_000);
    expect(resendWaitMinutes(null, now)).toBe(0);
    expect(resendWaitMinutes('2026-11-21T17:18:30.000Z', now)).toBe(19);
    expect(resendWaitMinutes('2026-11-21T17:59:59.000Z', now)).toBe(60);
    expect(resendWaitMinutes('2026-11-21T17:00:00.000Z', now)).toBe(0);
    expect(resendWaitMinutes('2026-11-21T12:00:00.000Z', now)).toBe(0);
  });
});

describe('who does what with a notice', () => {
  const viewer = (flags: { admin?: boolean; board?: boolean; employee?: boolean }, UserId = 7): CommunicationViewer => ({
    usuario: {
      UserId,
      UserIsAdmin: flags.admin ? 'Y' : 'N',
      UserIsBoard: flags.board ? 'Y' : 'N',
      UserIsEmployed: flags.employee ? 'Y' : 'N',
      UserIsGuard: 'N',
    },
    usuarioPermisos: [],
    towerIds: [1],
  });
  const NOTICES: SectionFacts = {
    SectCode: '',
    SectStatus: 'A',
    SectPosting: 'R',
    CommentsDisplay: 'Y',
    VistaxTorre: 1,
    SolPrivada: 0,
    PublicoPrivado: 0,
    ExclusivaUsuarios: 'N',
    assigned: false,
  };
  const BOARD_OPEN: SectionFacts = { ...NOTICES, SectPosting: 'A' };
  const notice = (extra: Partial<PostFacts & { important: boolean }> = {}) => ({
    authorId: 1,
    towerId: null,
    isPrivate: false,
    status: 'A',
    important: true,
    ...extra,
  });
  const resident = viewer({});
  const board = viewer({ board: true });
  const admin = viewer({ admin: true });

  it('records reads of members, not of the administration', () => {
    expect([resident, board, admin].map(recordsNoticeReads)).toEqual([true, true, false]);
  });

  it('asks a reader for Enterado on an important published notice they may read, not its author nor the administration', () => {
    expect(canAcknowledgeNotice(resident, NOTICES, notice())).toBe(true);
    expect(canAcknowledgeNotice(board, NOTICES, notice())).toBe(true);
    expect(canAcknowledgeNotice(admin, NOTICES, notice())).toBe(false);
    expect(canAcknowledgeNotice(resident, NOTICES, notice({ important: false }))).toBe(false);
    expect(canAcknowledgeNotice(resident, NOTICES, notice({ status: 'P' }))).toBe(false);
    expect(canAcknowledgeNotice(resident, NOTICES, notice({ authorId: 7 }))).toBe(false);
    // Another tower's notice is not theirs to read, nor a post of an open board.
    expect(canAcknowledgeNotice(resident, NOTICES, notice({ towerId: 2 }))).toBe(false);
    expect(canAcknowledgeNotice(resident, BOARD_OPEN, notice())).toBe(false);
    expect(canAcknowledgeNotice(viewer({ employee: true }), NOTICES, notice())).toBe(false);
  });

  it('lets administrators mark notices important, and only notices', () => {
    expect(canMarkNoticeImportant(admin, NOTICES)).toBe(true);
    expect(canMarkNoticeImportant(admin, BOARD_OPEN)).toBe(false);
    expect(canMarkNoticeImportant(board, NOTICES)).toBe(false);
  });

  it('shows the reach to administrators and the board, who read it and the resend to administrators only', () => {
    expect([resident, board, admin].map(canSeeNoticeReach)).toEqual([false, true, true]);
    expect([resident, board, admin].map(canSeeNoticeReaders)).toEqual([false, false, true]);
    expect([resident, board, admin].map(canResendNotice)).toEqual([false, false, true]);
  });
});
