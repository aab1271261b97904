import { useLoaderData } from 'react-router-dom';
import type { HomeData } from '../../src/contract/pageData';
import { CampaignSection } from './CampaignSection';
import { ActivationSection, DualNumberAndEsim, ReferralSection } from './FeatureSections';
import { GlobalSection } from './GlobalSection';
import { Hero } from './Hero';
import { PlansSection } from './PlansSection';
import { PartnersSection, SupportSection } from './SupportSection';

/** Home (/ and /canting): the offers of spec section 1 with the catalogue from bundleList. */
export default function HomeScreen() {
  const data = useLoaderData() as HomeData | undefined;
  const catalog = data?.catalog ?? null;
  const usPrices = (catalog?.plans ?? []).filter((p) => p.kind === 'us').map((p) => p.monthlyPriceCents);
  const fromCents = usPrices.length ? Math.min(...usPrices) : null;
  return (
    <>
      <Hero fromCents={fromCents} />
      <PlansSection catalog={catalog} failed={data?.catalogError ?? true} />
      <GlobalSection catalog={catalog} />
      <DualNumberAndEsim />
      <ReferralSection />
      <CampaignSection />
      <ActivationSection />
      <SupportSection />
      <PartnersSection partners={data?.partners ?? []} />
    </>
  );
}
