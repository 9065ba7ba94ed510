// Once signed in, the profile's language is the app's language.
import { useEffect } from 'react';
import { useLanguage } from '../common/LanguageProvider';
import { SessionContext } from '../common/SessionContext';

export function SessionLanguage() {
  const profileLanguage = SessionContext.useSelector((s) => s.context.data?.usuario.language);
  const { language, setLanguage } = useLanguage();
  useEffect(() => {
    if (profileLanguage && profileLanguage !== language) setLanguage(profileLanguage);
  }, [profileLanguage, language, setLanguage]);
  return null;
}
