// The tab title: breadcrumb titles joined by ' > ', then ' | ' and the product name (spec §2.2).
import { useEffect } from 'react';
import { useIntl } from 'react-intl';

export function documentTitle(breadcrumbs: readonly string[], productName: string): string {
  const trail = breadcrumbs.filter(Boolean).join(' > ');
  return trail ? `${trail} | ${productName}` : productName;
}

export function useDocumentTitle(...breadcrumbs: string[]): void {
  const intl = useIntl();
  const title = documentTitle(breadcrumbs, intl.formatMessage({ id: 'app.name' }));
  useEffect(() => {
    document.title = title;
  }, [title]);
}
