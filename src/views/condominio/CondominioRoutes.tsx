// /condominio/**, behind the authentication guard: the condominium's header and its pages. The empty
// path opens comunicacion (spec §2.2).
import { Redirect, Route, Switch } from 'wouter';
import { CommunicationHome } from './CommunicationHome';
import { CondoLayout } from './CondoLayout';

export default function CondominioRoutes() {
  return (
    <CondoLayout>
      <Switch>
        <Route path="/">
          <Redirect to="/comunicacion" replace />
        </Route>
        <Route path="/comunicacion" component={CommunicationHome} />
        <Route>
          <Redirect to="~/sessions/404" replace />
        </Route>
      </Switch>
    </CondoLayout>
  );
}
