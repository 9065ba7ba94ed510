// The one search rule (src/api/search.ts): PostgreSQL's translate() rebuilt for SQLite and the browser, a
// fold table that merges only what Spanish collation calls equal, and the browser's two list filters
// (blog residents, finance dwellings) using it.
import { describe, expect, it } from 'vitest';
import { filterResidents, type Resident } from '../../src/api/blogs';
import { anyContains, foldForSearch, SEARCH_FOLD_FROM, SEARCH_FOLD_TO, searchNeedle, translate } from '../../src/api/search';
import { matchesSearch } from '../../src/views/finance/DwellingSelector';

describe('translate(), as PostgreSQL has it', () => {
  it('replaces character for character, removes those without a counterpart, and the first mapping wins', () => {
    expect(translate('12345', '143', 'ax')).toBe('a2x5');
    expect(translate('hello', 'lo', 'L')).toBe('heLL');
    expect(translate('abcabc', 'aab', 'xyz')).toBe('xzcxzc');
    expect(translate('', 'a', 'b')).toBe('');
  });

  it('works on characters, not UTF-16 halves', () => {
    expect(translate('a😀b', '😀', 'x')).toBe('axb');
    expect(translate('a😀b', 'b', '😀')).toBe('a😀😀');
  });
});

describe('the search fold', () => {
  it('pairs each folded character with one replacement', () => {
    expect(Array.from(SEARCH_FOLD_FROM)).toHaveLength(Array.from(SEARCH_FOLD_TO).length);
    expect(new Set(SEARCH_FOLD_FROM).size).toBe(Array.from(SEARCH_FOLD_FROM).length);
  });

  it('merges only letters the Spanish collation calls equal at base strength', () => {
    const spanish = new Intl.Collator('es', { sensitivity: 'base' });
    const from = Array.from(SEARCH_FOLD_FROM);
    const to = Array.from(SEARCH_FOLD_TO);
    from.forEach((c, i) => {
      expect(spanish.compare(c, to[i]!), `${c} → ${to[i]}`).toBe(0);
    });
    expect(spanish.compare('ñ', 'n')).not.toBe(0);
    expect(foldForSearch('ñ')).not.toBe(foldForSearch('n'));
  });

  it('ignores case and accents and keeps ñ', () => {
    expect(foldForSearch('JARDÍN')).toBe('jardin');
    expect(foldForSearch('ÑANDÚ Pingüino ¿Qué?')).toBe('ñandu pinguino ¿que?');
    expect(foldForSearch('Ça, Noël, ŒUVRE, Ÿ')).toBe('ca, noel, œuvre, y');
  });

  it('composes and trims what was typed', () => {
    expect(searchNeedle('  Jardi\u0301n ')).toBe('jardin');
    expect(searchNeedle('an\u0303o')).toBe('año');
    expect(searchNeedle('   ')).toBe('');
  });

  it('matches when any text contains the typed words, and always when nothing was typed', () => {
    expect(anyContains(['Comité de jardinería'], 'JARDINERIA')).toBe(true);
    expect(anyContains(['x', 'Reunión del año'], 'AÑO')).toBe(true);
    expect(anyContains(['Reunión del año'], 'ano')).toBe(false);
    expect(anyContains([], ' ')).toBe(true);
    expect(anyContains([], 'a')).toBe(false);
  });
});

describe('the browser list filters', () => {
  const resident = (UserId: number, UserName: string, TorreName: string, AptName: string, TorreId: number | null): Resident => ({
    UserId,
    UserName,
    TorreName,
    AptName,
    TorreId,
  });
  const residents = [
    resident(1, 'José Núñez', 'Torre Ámbar', '101', 1),
    resident(2, 'Ana Peña', '', 'Casa 3', null),
    resident(3, 'Luis Pena', 'Torre Ámbar', '102', 1),
  ];
  const ids = (search: string, tower: number | null = null) => filterResidents(residents, search, tower).map((r) => r.UserId);

  it('finds blog residents by name or dwelling whatever the case and accents', () => {
    expect(ids('JOSE NUÑEZ')).toEqual([1]);
    expect(ids('jose')).toEqual([1]);
    expect(ids('torre ambar - 10')).toEqual([1, 3]);
    expect(ids('PEÑA')).toEqual([2]);
    expect(ids('pena')).toEqual([3]);
    expect(ids('ámbar', null)).toEqual([1, 3]);
    expect(ids('', 1)).toEqual([1, 3]);
    expect(ids('CASA', 1)).toEqual([]);
  });

  it('finds finance dwellings by resident or dwelling whatever the case and accents', () => {
    const d = { ApartmentId: 1, AptName: '101', TorreName: 'Torre Ámbar', Residentes: ['Rosa Hernández Díaz'] };
    expect(matchesSearch(d, 'HERNANDEZ DIAZ', null)).toBe(true);
    expect(matchesSearch(d, 'hernández', null)).toBe(true);
    expect(matchesSearch(d, 'TORRE AMBAR', null)).toBe(true);
    expect(matchesSearch(d, 'ambar', 'Torre B')).toBe(false);
  });
});
