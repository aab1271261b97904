import { useTranslation } from 'react-i18next';
import { labelColon } from '../../i18n';

/** The colon between a label and its value, as the page's language writes it (labelColon). */
export function Colon() {
  const { i18n } = useTranslation();
  return <>{labelColon(i18n.language)}</>;
}
