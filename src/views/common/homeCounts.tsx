// What waits in each section (communicationHomeMachine), one actor for the whole signed-in shell: the menu
// shows the unread messages of IC sections and the communication home shows every count, from the same
// answers, read again when the live channel says something changed (a notification, a conversation, a request) and
// once a minute besides. Only members with Comunicación run it (employees have none, spec §6).
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { HomeSectionCounts } from '../../api/communicationHome';
import { communicationHomeMachine } from '../../machines/communicationHomeMachine';
import { useLiveEvent } from './useLiveEvent';

type HomeCountsActor = ActorRefFrom<typeof communicationHomeMachine>;

const HomeCountsContext = createContext<HomeCountsActor | undefined>(undefined);

function RunningHomeCounts({ children }: { children: ReactNode }) {
  const actor = useActorRef(communicationHomeMachine);
  useLiveEvent(['notification', 'conversation', 'ticket'], () => actor.send({ type: 'refresh' }));
  return <HomeCountsContext.Provider value={actor}>{children}</HomeCountsContext.Provider>;
}

export function HomeCountsProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  return enabled ? <RunningHomeCounts>{children}</RunningHomeCounts> : children;
}

/** The actor, for the home's retry; undefined where nothing counts (employees, tests without the shell). */
export const useHomeCountsActor = () => useContext(HomeCountsContext);

const NO_COUNTS: HomeSectionCounts[] = [];

/** The counts as last answered, and how the loading went. */
export function useHomeCounts(): { counts: HomeSectionCounts[]; loading: boolean; failed: boolean } {
  const actor = useContext(HomeCountsContext);
  const counts = useSelector(actor, (s) => s?.context.counts ?? NO_COUNTS);
  const loading = useSelector(actor, (s) => s?.matches('loading') ?? false);
  const failed = useSelector(actor, (s) => s?.matches('failed') ?? false);
  return { counts, loading, failed };
}

/** A menu badge: how many, and the words a screen reader hears with the entry's name. */
export interface MenuBadge {
  count: number;
  /** A plural message of communication.json taking {count}. */
  id: string;
}

/** What a section's menu entry shows as waiting, or null: the unread messages of an IC section, the open polls
 * to answer of an EN section, and (administrators) the requests to approve of an RI section. */
export function menuBadgeOf(code: string, of: HomeSectionCounts, admin: boolean): MenuBadge | null {
  const [id, count] =
    code === 'IC'
      ? ['communication.home.unreadMessages', of.noLeidos]
      : code === 'EN'
        ? ['communication.home.pollsToAnswer', of.porContestar]
        : code === 'RI' && admin
          ? ['communication.home.toApprove', of.reservaciones]
          : ['', 0];
  return count > 0 ? { count, id } : null;
}

/** Menu badges, by entry key (menuBadgeOf). */
export function useMenuBadges(
  entries: readonly { key: string; section?: { id: number; code: string } }[],
  admin: boolean,
): Record<string, MenuBadge> {
  const { counts } = useHomeCounts();
  const bySection = new Map(counts.map((c) => [c.SectId, c]));
  const badges: Record<string, MenuBadge> = {};
  for (const entry of entries) {
    const of = entry.section ? bySection.get(entry.section.id) : undefined;
    const badge = of && entry.section ? menuBadgeOf(entry.section.code, of, admin) : null;
    if (badge) badges[entry.key] = badge;
  }
  return badges;
}
