/**
 * A plan's name in the customer's language, for every page that names a plan (the plan pages, home, checkout and
 * its result pages). The catalogue names plans by their high-speed data ("5GB"), which reads the same in every
 * language; the unlimited plan's name is a word ("Unlimited"), which is translated (common:planNames: in every page's
 * first load, so a page that names a plan need not fetch the checkout's words for it).
 */
import { useTranslation } from 'react-i18next';

export function usePlanName() {
  const { t } = useTranslation('common');
  return (name: string): string => t(`planNames.${name}`, { defaultValue: name });
}
