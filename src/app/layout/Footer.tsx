import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_TEL } from '../contact';
import { useSession } from '../session';
import { AppLink } from './AppLink';
import { EmailSignup } from './EmailSignup';
import { FOOTER_COLUMNS, existingItems, footerHref } from './navItems';
import { useFindRoute } from '../routeLookup';


export function Footer({ submitEmail }: { submitEmail?: (email: string) => Promise<boolean> }) {
  const { t } = useTranslation('layout');
  const { personal } = useSession();
  const find = useFindRoute();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[1fr_2fr]">
        <div className="space-y-8">
          <EmailSignup submit={submitEmail} />
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="text-sm font-semibold text-white">{t('footer.contact.title')}</h2>
            <ul className="mt-2 space-y-1 text-sm text-slate-300">
              <li>{t('footer.contact.shortNumber')}</li>
              <li>{t('footer.contact.hours')}</li>
              <li><a className="text-white underline-offset-4 hover:underline" href={`tel:${SUPPORT_PHONE_TEL}`}>{SUPPORT_PHONE}</a></li>
              <li><a className="text-white underline-offset-4 hover:underline" href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a></li>
            </ul>
          </section>
        </div>
        <nav aria-label={t('footer.nav')} className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {FOOTER_COLUMNS.map((col) => ({ ...col, items: existingItems(col.items, find) })).filter((col) => col.items.length > 0).map((col) => (
            <section key={col.title}>
              <h2 className="text-sm font-semibold text-white">{t(col.title)}</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {col.items.map((item) => (
                  <li key={item.to}>
                    <AppLink to={footerHref(item.to, personal)} className="text-slate-300 underline-offset-4 hover:text-white hover:underline">
                      {t(item.label)}
                    </AppLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
      </div>
      <div className="border-t border-slate-700">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between">
          {/* On New Year's Eve the server's year can differ from the browser's (decision 0022): hydration lets it be. */}
          <p suppressHydrationWarning>{t('footer.copyright', { year })}</p>
          <p className="text-slate-400">{t('footer.personalUse')}</p>
          <div className="flex gap-4">
            <AppLink to="/serviceTerms" className="text-slate-300 hover:text-white hover:underline">{t('footer.terms')}</AppLink>
            <AppLink to="/serviceTerms?isPolicy=2" className="text-slate-300 hover:text-white hover:underline">{t('footer.privacy')}</AppLink>
            <AppLink to="/serviceTerms/serviceClause#refunds" className="text-slate-300 hover:text-white hover:underline">{t('footer.refunds')}</AppLink>
          </div>
        </div>
      </div>
    </footer>
  );
}
