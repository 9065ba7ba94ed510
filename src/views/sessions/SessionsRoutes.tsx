// /sessions: the authentication screens; the layout is only an outlet (spec §2.3), titled Autenticacion.
import { Redirect, Route, Switch } from 'wouter';
import { AcceptInvitationPage } from './AcceptInvitationPage';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { NotFoundPage } from './NotFoundPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { SignInPage } from './SignInPage';

export default function SessionsRoutes() {
  return (
    <Switch>
      <Route path="/signin" component={SignInPage} />
      <Route path="/forgot-password" component={ForgotPasswordPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/aceptar-invitacion" component={AcceptInvitationPage} />
      <Route path="/404" component={NotFoundPage} />
      <Route>
        <Redirect to="/404" replace />
      </Route>
    </Switch>
  );
}
