// A list that grows pages (DESIGN.md §5): what it says when it is empty, how many there are, the items as a
// labelled list a screen reader can count, and the page numbers when one page does not hold them all. The
// area decides the words and draws each item; its machine decides which of these show.
import '@mantine/core/styles/Pagination.css';
import { Pagination, Stack, Text } from '@mantine/core';
import type { Key, ReactNode } from 'react';

export function PagedList<T>(props: {
  /** The empty list's words, or null when the list is not known to be empty. */
  empty?: ReactNode;
  /** The settled list's count line ("12 solicitudes"), or null while it is not settled. */
  count?: ReactNode;
  /** The items to show (kept while the next page loads), or null for none. */
  items: readonly T[] | null;
  /** What the list is, for screen readers (the tab's or the section's name). */
  label: string;
  keyOf(item: T): Key;
  children(item: T): ReactNode;
  /** The page numbers, when there is more than one page to show. */
  pages?: { total: number; page: number; onChange(page: number): void; label: string; pageLabel(page: number): string } | null;
}) {
  const { items, pages } = props;
  return (
    <>
      {props.empty ? (
        <Text c="dimmed" role="status">
          {props.empty}
        </Text>
      ) : null}
      {props.count ? (
        <Text size="sm" c="dimmed" role="status">
          {props.count}
        </Text>
      ) : null}
      {items && items.length > 0 ? (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={props.label}>
          {items.map((item) => (
            <li key={props.keyOf(item)}>{props.children(item)}</li>
          ))}
        </Stack>
      ) : null}
      {pages && pages.total > 1 ? (
        <Pagination
          total={pages.total}
          value={pages.page}
          onChange={pages.onChange}
          aria-label={pages.label}
          getItemProps={(n) => ({ 'aria-label': pages.pageLabel(n) })}
        />
      ) : null}
    </>
  );
}
