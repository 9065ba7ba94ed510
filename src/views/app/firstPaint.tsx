// The first screen of a visitor page, painted on the server (server/infra/firstPaint.ts): the page's own view,
// rendered to HTML with the answer of its first call, so that a phone on a slow network shows the event or the
// pass as soon as the HTML and its styles are in, instead of after some 120 KiB of JavaScript (issue 29).
// The browser then renders the same page over it, from the same answer (carried in the HTML,
// src/services/earlyFetch.ts): its first render is this one, so nothing moves.
//
// It is the browser's code run on the server: the page's module, its prepare() and its machine, only with the
// providers App.tsx would give it (the language fixed to the one the server chose). The server bundle holds
// it in a chunk of its own, loaded with the first visitor page (scripts/buildServer.mjs).
import { MantineProvider } from '@mantine/core';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { Route, Router } from 'wouter';
import { type VisitorPageName, visitorPageAt } from '../../api/visitorPaths';
import { type Language, LOCALE } from '../../i18n/languages';
import type { Messages } from '../../i18n/loadMessages';
import { fetchEarly, providePageAnswers } from '../../services/earlyFetch';
import { LanguageContext } from '../common/LanguageProvider';
import { DocumentTitleSink } from '../common/useDocumentTitle';
import { theme } from './theme';

interface PaintedPage {
  load: () => Promise<{ default: ComponentType }>;
  /** What the page reads before its first render (routes.tsx calls the same). */
  prepare: (parts: string[]) => Promise<unknown>;
}

/**
 * The pages painted here: those whose first screen is their first call's answer. The public page is not: its
 * first screen is mostly its cards (a form), which the browser must bring to life anyway.
 */
const PAINTED: Partial<Record<VisitorPageName, PaintedPage>> = {
  guestRegistration: {
    load: () => import('../guest/GuestRegistrationPage'),
    prepare: async ([token = '']) => (await import('../guest/GuestRegistrationPage')).prepare(token),
  },
  pass: {
    load: () => import('../pass/PassPage'),
    prepare: async ([condoId = '', qr = '']) => (await import('../pass/PassPage')).prepare(condoId, qr),
  },
};

export interface FirstPaintRequest {
  pathname: string;
  /** The address's query, without its '?'. */
  search: string;
  language: Language;
  /** The visitor catalog of `language` (src/i18n/catalogScope.ts). */
  messages: Messages;
  /** The answer of the page's first call, as the API gave it (a 200's body). */
  answer: unknown;
  /** What the page's <style> elements carry as their nonce (the server swaps in each answer's own). */
  styleNonce: string;
}

/** Whether the page at `pathname` is painted here, and the first call whose answer it needs. */
export function paintedCall(pathname: string): string | null {
  const visitor = visitorPageAt(pathname);
  return visitor?.firstCall && PAINTED[visitor.page.name] ? visitor.firstCall : null;
}

// One page at a time: the answer is handed to the page through module state (as in the browser), and two
// requests for the same address must not take each other's.
let queue: Promise<unknown> = Promise.resolve();

export interface FirstPaint {
  html: string;
  /** The tab's title, as the page sets it (useDocumentTitle). */
  title: string | null;
}

/** The page's first screen as HTML, or null when `pathname` is not a painted page. */
export function renderFirstPaint(request: FirstPaintRequest): Promise<FirstPaint | null> {
  const turn = queue.then(() => paint(request));
  queue = turn.catch(() => undefined);
  return turn;
}

async function paint({
  pathname,
  search,
  language,
  messages,
  answer,
  styleNonce,
}: FirstPaintRequest): Promise<FirstPaint | null> {
  const visitor = visitorPageAt(pathname);
  const painted = visitor && PAINTED[visitor.page.name];
  if (!visitor?.firstCall || !painted) return null;
  const { default: Page } = await painted.load();
  providePageAnswers({ [visitor.firstCall]: answer });
  fetchEarly(visitor.firstCall);
  await painted.prepare(visitor.parts);
  const titled: { title: string | null } = { title: null };
  const html = renderToString(
    <MantineProvider theme={theme} defaultColorScheme="light" getStyleNonce={() => styleNonce}>
      <LanguageContext.Provider value={{ language, setLanguage: () => undefined }}>
        <IntlProvider locale={LOCALE[language]} messages={messages} defaultLocale="es-MX">
          <Router ssrPath={pathname} ssrSearch={search}>
            <Route path={visitor.page.route}>
              <DocumentTitleSink.Provider value={titled as { title: string }}>
                <Page />
              </DocumentTitleSink.Provider>
            </Route>
          </Router>
        </IntlProvider>
      </LanguageContext.Provider>
    </MantineProvider>,
  );
  return { html, title: titled.title };
}
