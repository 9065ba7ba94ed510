// /condominio/** as one lazy chunk: the guard, the privacy gate and the area's routes load only when a
// signed-in page is opened, never on the visitors' pages.
import CondominioRoutes from './CondominioRoutes';
import { RequireSession } from './RequireSession';

export default function GuardedCondominio() {
  return (
    <RequireSession>
      <CondominioRoutes />
    </RequireSession>
  );
}
