// The states the views ask about by tag instead of listing them: `busy` (a call is under way, the screen says
// so and holds its controls) and `failed` (the screen shows why a call failed). Each machine's tagged states,
// by their dotted key, so that a state added to a view's list shows here too.
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { acceptInvitationMachine } from '../../src/machines/acceptInvitationMachine';
import { blogEditorMachine } from '../../src/machines/blogEditorMachine';
import { calendarFeedMachine } from '../../src/machines/calendarFeedMachine';
import { condoSettingsMachine } from '../../src/machines/condoSettingsMachine';
import { conversationListMachine } from '../../src/machines/conversationListMachine';
import { conversationMachine } from '../../src/machines/conversationMachine';
import { conversationReportsMachine } from '../../src/machines/conversationReportsMachine';
import { dwellingImportMachine } from '../../src/machines/dwellingImportMachine';
import { eventEditorMachine } from '../../src/machines/eventEditorMachine';
import { loginMachine } from '../../src/machines/loginMachine';
import { profilePhotoMachine } from '../../src/machines/profilePhotoMachine';
import { publicContactMachine } from '../../src/machines/publicContactMachine';
import { reservationFacilitiesMachine } from '../../src/machines/reservationFacilitiesMachine';
import { searchMachine } from '../../src/machines/searchMachine';
import { ticketDetailMachine } from '../../src/machines/ticketDetailMachine';
import { ticketListMachine } from '../../src/machines/ticketListMachine';
import { ticketQueryMachine } from '../../src/machines/ticketQueryMachine';

type Node = { path: string[]; tags: string[]; states: Record<string, Node> };

/** Every state node's dotted key, by the tags it carries. */
function tagged(machine: AnyStateMachine): Record<string, string[]> {
  const byTag: Record<string, string[]> = {};
  const visit = (node: Node) => {
    for (const tag of node.tags) byTag[tag] = [...(byTag[tag] ?? []), node.path.join('.')];
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root as unknown as Node);
  return byTag;
}

const EXPECTED: [string, AnyStateMachine, Record<string, string[]>][] = [
  ['acceptInvitationMachine', acceptInvitationMachine, { busy: ['checkingLink', 'loading'] }],
  ['blogEditorMachine', blogEditorMachine, { busy: ['saving', 'reloading'] }],
  ['calendarFeedMachine', calendarFeedMachine, { busy: ['creating', 'rotating', 'revoking'] }],
  ['condoSettingsMachine', condoSettingsMachine, { busy: ['changingLogo', 'saving'] }],
  ['conversationListMachine', conversationListMachine, { busy: ['loading', 'ready.list.loadingMore'] }],
  ['conversationMachine', conversationMachine, { busy: ['loading', 'viewing.loadingOlder', 'blocking', 'sending'] }],
  ['conversationReportsMachine', conversationReportsMachine, { busy: ['loading', 'list.loadingMore'] }],
  ['dwellingImportMachine', dwellingImportMachine, { busy: ['uploading', 'confirming'], failed: ['stale', 'failed'] }],
  ['eventEditorMachine', eventEditorMachine, { busy: ['start', 'loadingHome', 'loadingEvent'] }],
  ['loginMachine', loginMachine, { busy: ['signingIn', 'loggingIntoCondo'] }],
  ['profilePhotoMachine', profilePhotoMachine, { busy: ['uploading', 'removing'] }],
  ['publicContactMachine', publicContactMachine, { busy: ['solvingCaptcha', 'sending'] }],
  ['reservationFacilitiesMachine', reservationFacilitiesMachine, { busy: ['loadingHome', 'ready.loading'] }],
  ['searchMachine', searchMachine, { busy: ['debouncing', 'searching'] }],
  ['ticketDetailMachine', ticketDetailMachine, { busy: ['shown.changing', 'shown.replying', 'shown.updating', 'shown.rating'] }],
  ['ticketListMachine', ticketListMachine, { busy: ['debouncing', 'loading'] }],
  ['ticketQueryMachine', ticketQueryMachine, { failed: ['failed', 'refused'] }],
];

describe('state tags', () => {
  it.each(EXPECTED)('%s tags the states its view asks about', (_, machine, expected) => {
    const found = tagged(machine);
    expect(Object.fromEntries(Object.entries(found).map(([tag, keys]) => [tag, [...keys].sort()]))).toEqual(
      Object.fromEntries(Object.entries(expected).map(([tag, keys]) => [tag, [...keys].sort()])),
    );
  });
});
