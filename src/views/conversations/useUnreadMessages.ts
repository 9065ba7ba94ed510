// The unread interpersonal messages for the menu's and the home's badges: asked on mount and every
// CONVERSATION_REFRESH_MS after, as the open screens refresh (DESIGN.md §8, until a push channel exists).
// null until the first answer; a failed ask keeps the last answer and tries again at the next tick.
import { useEffect, useState } from 'react';
import { CONVERSATION_REFRESH_MS, type UnreadAnswer } from '../../api/conversations';
import { fetchUnreadMessages } from '../../services/conversationsService';

export function useUnreadMessages(enabled = true): UnreadAnswer | null {
  const [answer, setAnswer] = useState<UnreadAnswer | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        setAnswer(await fetchUnreadMessages(controller.signal));
      } catch {
        // The badge is a hint: the next tick tries again.
      }
      if (!controller.signal.aborted) timer = setTimeout(ask, CONVERSATION_REFRESH_MS);
    };
    void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [enabled]);
  return answer;
}

/** The unread messages of one IC section (0 when the answer has none for it). */
export const unreadInSection = (answer: UnreadAnswer | null, sectionId: number) =>
  answer?.porSeccion.find((s) => s.SectId === sectionId)?.noLeidos ?? 0;
