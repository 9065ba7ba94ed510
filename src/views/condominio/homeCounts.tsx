// What waits in each section (communicationHomeMachine), one actor for the whole signed-in shell: the menu
// shows the unread messages of IC sections and the communication home shows every count, from the same
// answers, refreshed every 15 s. Only members with Comunicación run it (employees have none, spec §6).
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { HomeSectionCounts } from '../../api/communicationHome';
import { communicationHomeMachine } from '../../machines/communicationHomeMachine';

type HomeCountsActor = ActorRefFrom<typeof communicationHomeMachine>;

const HomeCountsContext = createContext<HomeCountsActor | undefined>(undefined);

function RunningHomeCounts({ children }: { children: ReactNode }) {
  const actor = useActorRef(communicationHomeMachine);
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

/** Menu badges, by entry key: the unread messages of each IC section's entry and the open polls to answer of
 * each EN section's. */
export function useMenuBadges(
  entries: readonly { key: string; section?: { id: number; code: string } }[],
): Record<string, number> {
  const { counts } = useHomeCounts();
  const bySection = new Map(counts.map((c) => [c.SectId, c]));
  const badges: Record<string, number> = {};
  for (const entry of entries) {
    const of = entry.section ? bySection.get(entry.section.id) : undefined;
    const count = !of ? 0 : entry.section?.code === 'IC' ? of.noLeidos : entry.section?.code === 'EN' ? of.porContestar : 0;
    if (count > 0) badges[entry.key] = count;
  }
  return badges;
}
