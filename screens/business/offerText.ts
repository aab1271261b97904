/** What an offer of the list says, in the reader's language: its name, price, contents, validity and destinations. */
import { useTranslation } from 'react-i18next';
import { countryName, formatMoney } from '../../i18n';
import type { LineOffer, LineOrderKind } from '../../src/contract/business';
import { usePlanName } from '../../src/app/forScreens';
import { formatDataMb } from '../ui/format';

export function useOfferText(kind: LineOrderKind) {
  const { t, i18n } = useTranslation('business');
  const planName = usePlanName();
  const lang = i18n.language;
  const data = (mb: number | null) => (mb === null ? t('offer.unlimitedData') : t('offer.data', { data: formatDataMb(mb, lang) }));
  return {
    title(o: LineOffer): string {
      if (kind === 'planChange') return planName(o.name);
      if (kind === 'globalRenewal') return `${t(`region.${o.name}`)} · ${formatDataMb(o.dataMb ?? 0, lang)}`;
      if (kind === 'roaming') return o.roamingType === 'talkText' ? t('offer.talkText', { minutes: o.minutes, texts: o.texts }) : data(o.dataMb);
      return data(o.dataMb);
    },
    price(o: LineOffer): string {
      return kind === 'planChange' ? t('perMonth', { price: formatMoney(o.priceCents, lang) }) : formatMoney(o.priceCents, lang);
    },
    details(o: LineOffer): string[] {
      const out: string[] = [];
      if (kind === 'planChange') {
        out.push(data(o.dataMb), o.minutes ? t('offer.usMinutes', { count: o.minutes }) : t('offer.unlimitedCalls'), t('validity.month'));
      } else if (kind === 'addOn') {
        out.push(t('validity.cycle'));
      } else {
        if (kind === 'roaming') out.push(t(`type.${o.roamingType ?? 'data'}`));
        out.push(t('validity.days', { count: o.days ?? 30 }));
      }
      if (o.destinations.length) out.push(t('destinations', { list: o.destinations.map((c) => countryName(c, lang)).join(lang === 'en' ? ', ' : '、') }));
      return out;
    },
    /** Roaming by zone, global packs by region, the rest in one group. */
    groups(offers: LineOffer[]): { key: string; heading: string | null; offers: LineOffer[] }[] {
      if (kind !== 'roaming' && kind !== 'globalRenewal') return [{ key: 'all', heading: null, offers }];
      const keyOf = (o: LineOffer) => (kind === 'roaming' ? o.zone ?? 'world' : o.name);
      const keys = [...new Set(offers.map(keyOf))];
      return keys.map((k) => ({ key: k, heading: t(kind === 'roaming' ? `zone.${k}` : `region.${k}`), offers: offers.filter((o) => keyOf(o) === k) }));
    },
  };
}
