import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { truncate } from '../../common/condoName';
import { MENU_NAME_LIMIT, type MenuEntry } from '../../common/menuModel';

/** An entry's full name, and the name the menu shows (cut at 30 characters, spec §9). */
export function useEntryName() {
  const intl = useIntl();
  return useCallback(
    (entry: MenuEntry) => {
      const full = 'id' in entry.label ? intl.formatMessage({ id: entry.label.id }) : entry.label.text;
      const shown = truncate(full, MENU_NAME_LIMIT);
      return { full, shown, cut: shown !== full };
    },
    [intl],
  );
}
