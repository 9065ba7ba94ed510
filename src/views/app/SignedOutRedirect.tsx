// Where the authentication guard (RequireSession.tsx) sends a signed-out browser: a paired gate device to its own
// page, which starts the next shift; anyone else to the sign-in page with the address they asked for.
import { Redirect } from 'wouter';
import { PAIR_PAGE } from '../../api/gateDevices';
import { readPairedDevice } from '../../services/gateDevicesService';
import { signInUrlFor } from '../common/returnUrl';

export default function SignedOutRedirect({ ended }: { ended: boolean }) {
  const device = readPairedDevice();
  if (device) return <Redirect to={`~/condominio${PAIR_PAGE(device.deviceId)}`} replace />;
  const requested = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  // "~": an absolute path, out of the /condominio nest.
  return <Redirect to={`~${signInUrlFor(requested, { ended })}`} replace />;
}
