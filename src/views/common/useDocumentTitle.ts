// The tab title: breadcrumb titles joined by ' > ', then ' | ' and the product name (spec §2.2).
import { createContext, useContext, useEffect } from 'react';
import { useIntl } from 'react-intl';

/**
 * Where a page rendered on the server leaves its title (src/views/app/firstPaint.tsx): effects do not run
 * there, and the painted page's <title> should be the one the app will set.
 */
export const DocumentTitleSink = createContext<{ title: string } | null>(null);

export function documentTitle(breadcrumbs: readonly string[], productName: string): string {
  const trail = breadcrumbs.filter(Boolean).join(' > ');
  return trail ? `${trail} | ${productName}` : productName;
}

export function useDocumentTitle(...breadcrumbs: string[]): void {
  const intl = useIntl();
  const title = documentTitle(breadcrumbs, intl.formatMessage({ id: 'app.name' }));
  const sink = useContext(DocumentTitleSink);
  if (sink) sink.title = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
