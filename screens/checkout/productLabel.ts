/**
 * What is bought, as the customer reads it: "5GB plan · 3 months · 1 SIM", or a global data pack by its region,
 * data and days (a pack has no months; its catalogue name is not translated).
 */
import { useTranslation } from 'react-i18next';
import type { BundleList } from '../../src/contract/catalog';
import { usePlanName } from '../../src/app/forScreens';
import { formatDataMb } from '../ui/format';

export interface Bought { planName: string; months: number; simCount: number; globalPackId: number | null }

export { usePlanName };

/** A global pack's name in the customer's language; the catalogue's name when the catalogue is not at hand. */
export function usePackName(catalog: BundleList | null) {
  const { t, i18n } = useTranslation('checkout');
  return (p: Pick<Bought, 'planName' | 'globalPackId'>): string => {
    const pack = catalog?.global.packs.find((x) => x.id === p.globalPackId);
    return pack ? t('summary.pack', { region: t(`product.regions.${pack.regionCode}`), data: formatDataMb(pack.dataMb, i18n.language), count: pack.days }) : p.planName;
  };
}

export function useProductLabel(catalog: BundleList | null) {
  const { t } = useTranslation('checkout');
  const packName = usePackName(catalog);
  const planName = usePlanName();
  return (p: Bought): string => {
    const sims = t('summary.sims', { count: p.simCount });
    if (p.globalPackId != null) return t('summary.packCost', { name: packName(p), sims });
    return t('summary.planCost', { name: planName(p.planName), months: t('summary.months', { count: p.months }), sims });
  };
}
