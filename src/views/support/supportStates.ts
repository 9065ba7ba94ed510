// The words of a support conversation's states and of the desk's filters (support.state.*, support.filter.*).
import type { SupportFilter, SupportState } from '../../api/support';

export const STATE_WORDS: Record<SupportState, `support.state.${SupportState}`> = {
  abierta: 'support.state.abierta',
  esperando: 'support.state.esperando',
  cerrada: 'support.state.cerrada',
};

export const STATE_COLORS: Record<SupportState, string> = { abierta: 'red', esperando: 'blue', cerrada: 'gray' };

/** The action that moves a conversation to each state (support.move.*). */
export const MOVE_WORDS: Record<SupportState, `support.move.${SupportState}`> = {
  abierta: 'support.move.abierta',
  esperando: 'support.move.esperando',
  cerrada: 'support.move.cerrada',
};

export const FILTER_WORDS: Record<SupportFilter, `support.filter.${SupportFilter}`> = {
  todas: 'support.filter.todas',
  abierta: 'support.filter.abierta',
  esperando: 'support.filter.esperando',
  cerrada: 'support.filter.cerrada',
};
