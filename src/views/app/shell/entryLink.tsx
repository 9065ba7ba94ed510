// A menu entry opens a screen of this app (client-side routing) or of the legacy application (a new tab).
import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import type { MenuEntry } from '../../common/menuModel';

/** Mantine components render it through `component={EntryLink} entry={entry}`. */
export function EntryLink({ entry, ...rest }: { entry: MenuEntry } & Omit<ComponentProps<'a'>, 'href'>) {
  return entry.external ? (
    <a href={entry.href} target="_blank" rel="noopener noreferrer" {...rest} />
  ) : (
    <Link href={entry.href} {...rest} />
  );
}
