import '@mantine/core/styles/SegmentedControl.css';
// /condominio/paqueteria (issue 26; the legacy parcel/binnacle): gate staff (canUseGate) see the parcels waiting
// and hand them over; members who live in a dwelling see "Mis paquetes". Someone who is both chooses the view
// (?vista=mios opens their own, as the menu's Mis paquetes does); a paired device's shift sees the gate's only.
// Anyone else goes back to comunicacion.
import { SegmentedControl, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Redirect, useLocation, useSearch } from 'wouter';
import { canSeeMyParcels, canUseGate } from '../../api/permissions';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { GateParcels } from './GateParcels';
import { MyParcels } from './MyParcels';

export default function ParcelsPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  const search = useSearch();
  const [, navigate] = useLocation();
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'parcels.title' }));
  if (!data) return null;
  const gate = canUseGate(data);
  // A paired device's shift does gate work only: nobody's own parcels there.
  const mine = canSeeMyParcels(data) && !data.dispositivo;
  if (!gate && !mine) return <Redirect to="/comunicacion" replace />;
  const showMine = mine && (!gate || new URLSearchParams(search).get('vista') === 'mios');
  return (
    <Stack gap="md">
      {gate && mine ? (
        <SegmentedControl
          size="md"
          aria-label={intl.formatMessage({ id: 'parcels.title' })}
          value={showMine ? 'mios' : 'caseta'}
          onChange={(value) => navigate(value === 'mios' ? '/paqueteria?vista=mios' : '/paqueteria')}
          data={[
            { value: 'caseta', label: intl.formatMessage({ id: 'parcels.menu' }) },
            { value: 'mios', label: intl.formatMessage({ id: 'parcels.menuMine' }) },
          ]}
        />
      ) : null}
      {showMine ? <MyParcels key="mine" /> : <GateParcels key="gate" />}
    </Stack>
  );
}
