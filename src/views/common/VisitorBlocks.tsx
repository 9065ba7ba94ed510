// Two plain blocks for the visitor pages, instead of Mantine's Card and Alert: the same look, without
// their JavaScript (about 2 KiB gzip) on the phone's first load.
import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

const COLORS = { red: 'red', orange: 'orange', yellow: 'yellow', green: 'green' } as const;

/** A bordered white panel (Card's look). */
export function Panel({
  children,
  component = 'section',
  ...props
}: {
  children: ReactNode;
  component?: 'section' | 'article';
  'aria-label'?: string | undefined;
}) {
  return (
    <Box
      component={component}
      bg="white"
      p="md"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
      {...props}
    >
      {children}
    </Box>
  );
}

/** A tinted message box (Alert's look); role alert for refusals, status for news. */
export function Notice({
  color,
  role,
  children,
  ...props
}: { color: keyof typeof COLORS; role: 'alert' | 'status'; children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <Box
      role={role}
      w="100%"
      p="md"
      fz="sm"
      bg={`var(--mantine-color-${COLORS[color]}-light)`}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      {...props}
    >
      {children}
    </Box>
  );
}

/**
 * The page's one heading (Title order 1 at size h3, centred): Mantine's Title is a chunk of its own that only
 * the visitor pages loaded, with its gzip framing, on the budget of the guest form (issue 29).
 */
export function VisitorHeading({ children }: { children: ReactNode }) {
  return (
    <Box
      component="h1"
      ta="center"
      style={{
        margin: 0,
        fontFamily: 'var(--mantine-font-family-headings)',
        fontSize: 'var(--mantine-h3-font-size)',
        lineHeight: 'var(--mantine-h3-line-height)',
        fontWeight: 'var(--mantine-h1-font-weight)',
      }}
    >
      {children}
    </Box>
  );
}
