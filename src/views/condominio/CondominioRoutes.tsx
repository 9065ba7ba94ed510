// /condominio/**, behind the authentication guard: the signed-in shell and its pages. The empty path
// opens comunicacion (spec §2.2). A page added here also goes into src/views/shell/screens.ts, which is
// what lets the menu link to it.
import { Redirect, Route, Switch } from 'wouter';
import { BlogsPage, PostPage, SectionPage } from '../communication/lazyPages';
import ProfilePage from '../profile/ProfilePage';
import { CondoShell } from '../shell/CondoShell';
import WelcomePage from '../welcome/WelcomePage';
import { CommunicationHome } from './CommunicationHome';

export default function CondominioRoutes() {
  return (
    <CondoShell>
      <Switch>
        <Route path="/">
          <Redirect to="/comunicacion" replace />
        </Route>
        <Route path="/comunicacion" component={CommunicationHome} />
        <Route path="/comunicacion/blogs" component={BlogsPage} />
        <Route path="/comunicacion/seccion/:sectionId" component={SectionPage} />
        <Route path="/comunicacion/ver-publicacion/:postID" component={PostPage} />
        <Route path="/mi-perfil" component={ProfilePage} />
        <Route path="/profile/overview" component={ProfilePage} />
        <Route path="/profile/settings" component={ProfilePage} />
        <Route path="/welcome" component={WelcomePage} />
        <Route>
          <Redirect to="~/sessions/404" replace />
        </Route>
      </Switch>
    </CondoShell>
  );
}
