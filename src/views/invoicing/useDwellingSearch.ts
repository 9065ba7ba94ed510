// Dwellings of the condominium found as a person types (the server folds accents and case), for the client
// catalogue's links and crear-factura's "Cargos de una vivienda". Waits 300 ms after the last key.
import { useEffect, useState } from 'react';
import { dwellingName } from '../../api/dwellings';
import { fetchDwellings } from '../../services/dwellingsService';

const SEARCH_DELAY_MS = 300;

export interface FoundDwelling {
  apartmentId: number;
  name: string;
}

export function useDwellingSearch(query: string): FoundDwelling[] {
  const [found, setFound] = useState<FoundDwelling[]>([]);
  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setFound([]);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetchDwellings({ q, limit: 10, estado: 'activas' }, abort.signal)
        .then((answer) =>
          setFound(answer.viviendas.map((d) => ({ apartmentId: d.ApmtId, name: dwellingName(d.Torre, d.Nombre) }))),
        )
        .catch(() => setFound([]));
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [query]);
  return found;
}
