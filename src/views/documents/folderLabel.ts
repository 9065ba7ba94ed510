// A folder's name as the library shows it: a fixed folder's from the catalogue, an added one's own.
import type { IntlShape } from 'react-intl';
import type { DocumentFolder } from '../../api/documents';

export const folderLabel = (intl: IntlShape, folder: Pick<DocumentFolder, 'code' | 'name'>) =>
  folder.code ? intl.formatMessage({ id: `library.folder.${folder.code}` }) : (folder.name ?? '');
