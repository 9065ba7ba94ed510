// Keeps the condominium's signed snapshot of today's passes on this browser while the caseta is shown, so a code
// can still be checked when the network drops (services/gateSnapshot.ts). Only the caseta uses it, and the caseta
// renders for gate staff and shifts on paired devices alone (canUseGate): the callers the snapshot path allows.
import { useEffect } from 'react';
import { keepGateSnapshotFresh } from '../../../services/gateSnapshot';
import { SessionContext } from '../../common/SessionContext';

export function useGateSnapshot(): void {
  const condoId = SessionContext.useSelector((s) => s.context.data?.condo.CondoId);
  useEffect(() => (condoId === undefined ? undefined : keepGateSnapshotFresh(condoId)), [condoId]);
}
