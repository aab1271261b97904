/**
 * A plan's name in the customer's language, for every page that names a plan (the plan pages, home, checkout and
 * its result pages). The catalogue names plans by their high-speed data ("5GB"), which reads the same in every
 * language; the unlimited plan's name is a word ("Unlimited"), which is translated (checkout:planNames).
 */
import { useTranslation } from 'react-i18next';

export function usePlanName() {
  const { t } = useTranslation('checkout');
  return (name: string): string => t(`planNames.${name}`, { defaultValue: name });
}
