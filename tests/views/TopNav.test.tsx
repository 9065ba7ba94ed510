// The top navigation shows at most 4 entries and puts the rest under 'Más'; names are cut at 30
// characters but keep their whole name for screen readers.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { TopNav } from '../../src/views/app/shell/TopNav';
import type { MenuEntry } from '../../src/views/common/menuModel';
import { renderWithApp } from '../support/views/renderWithApp';

const entry = (n: number, text = `Sección ${n}`): MenuEntry => ({
  key: `e${n}`,
  label: { text },
  href: `/comunicacion/seccion/${n}`,
  screen: '/comunicacion/seccion/:sectionId',
  icon: 'section',
  depth: 1,
});

const LONG = 'Comité de jardinería y áreas verdes del fraccionamiento';

function renderTopNav(entries: MenuEntry[], path = '/condominio/comunicacion') {
  return renderWithApp(
    <Route path="/condominio" nest>
      <nav aria-label="Menú principal">
        <TopNav entries={entries} />
      </nav>
    </Route>,
    { path },
  );
}

describe('TopNav', () => {
  it('shows every entry when there are 4 or fewer, and no Más', () => {
    renderTopNav([1, 2, 3, 4].map((n) => entry(n)));
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Sección 1',
      'Sección 2',
      'Sección 3',
      'Sección 4',
    ]);
    expect(screen.queryByRole('button', { name: 'Más' })).toBeNull();
  });

  it('shows the first 4 and the rest under Más', () => {
    renderTopNav([1, 2, 3, 4, 5, 6].map((n) => entry(n)));
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Sección 1', 'Sección 2', 'Sección 3', 'Sección 4']);
    fireEvent.click(screen.getByRole('button', { name: 'Más' }));
    const more = screen.getByRole('menu');
    const items = within(more).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Sección 5', 'Sección 6']);
    expect(items[1]?.getAttribute('href')).toBe('/condominio/comunicacion/seccion/6');
  });

  it('marks the current entry, also when it is under Más', () => {
    renderTopNav(
      [1, 2, 3, 4, 5].map((n) => entry(n)),
      '/condominio/comunicacion/seccion/5',
    );
    for (const link of screen.getAllByRole('link')) expect(link.getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Más' }));
    expect(screen.getByRole('menuitem', { name: 'Sección 5' }).getAttribute('aria-current')).toBe('page');
  });

  it('cuts names at 30 characters, keeping the whole name as the accessible name and title', () => {
    renderTopNav([entry(1, LONG)]);
    const link = screen.getByRole('link', { name: LONG });
    expect(link.textContent).toBe('Comité de jardinería y áreas…');
    expect(link.textContent?.length).toBeLessThanOrEqual(30);
    expect(link.getAttribute('title')).toBe(LONG);
  });
});
