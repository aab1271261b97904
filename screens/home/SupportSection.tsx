import { useTranslation } from 'react-i18next';
import type { Partner } from '../../src/contract/pageData';
import { AppLink, SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_TEL } from '../../src/app/forScreens';
import { Section, buttonSecondary } from '../ui/Section';

export function SupportSection() {
  const { t } = useTranslation('home');
  return (
    <Section id="support" title={t('support.title')} intro={t('support.intro')} tone="tint">
      <ul className="grid gap-4 sm:grid-cols-3">
        <li className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
          <h3 className="font-semibold text-slate-900">{t('support.dialTitle')}</h3>
          <p className="mt-1 text-sm text-slate-700">{t('support.dial')}</p>
        </li>
        <li className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
          <h3 className="font-semibold text-slate-900">{t('support.callTitle')}</h3>
          <p className="mt-1 text-sm text-slate-700"><a href={`tel:${SUPPORT_PHONE_TEL}`} className="font-medium text-blue-800 underline">{SUPPORT_PHONE}</a></p>
        </li>
        <li className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
          <h3 className="font-semibold text-slate-900">{t('support.emailTitle')}</h3>
          <p className="mt-1 text-sm text-slate-700"><a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium break-all text-blue-800 underline">{SUPPORT_EMAIL}</a></p>
        </li>
      </ul>
      <AppLink to="/helpSupport" className={`mt-8 ${buttonSecondary}`}>{t('support.cta')}</AppLink>
    </Section>
  );
}

export function PartnersSection({ partners }: { partners: Partner[] }) {
  const { t } = useTranslation('home');
  if (partners.length === 0) return null;
  return (
    <Section id="partners" title={t('partners.title')} intro={t('partners.intro')}>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {partners.map((p) => (
          <li key={p.id}>
            <a href={p.url} rel="noopener noreferrer" target="_blank" className="flex h-full flex-col items-center justify-center rounded-xl bg-white p-4 text-center ring-1 ring-slate-200 hover:ring-blue-400">
              <span className="text-lg font-bold text-slate-800" aria-hidden="true" translate="no">{p.logoText}</span>
              <span className="mt-1 text-sm font-medium text-slate-900" translate="no">{p.name}</span>
              <span className="text-xs text-slate-600">{t(`partners.category.${p.category}`, { defaultValue: '' })}</span>
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}
