/** What a checkout step shows while the chart is still finding out where it is, or could not load the catalogue. */
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutView } from './checkout.connect';
import { Notice, secondaryButton } from '../ui/fields';

export function Waiting() {
  const { t } = useTranslation('checkout');
  return (
    <div className="flex min-h-[40vh] items-center justify-center" aria-busy="true">
      <span className="sr-only" role="status">{t('loading')}</span>
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-blue-200 border-t-blue-700" aria-hidden="true" />
    </div>
  );
}

export function CatalogFailed({ view }: { view: CheckoutView }) {
  const { t } = useTranslation('checkout');
  return (
    <div className="space-y-3">
      <Notice tone="warning">{t('catalogFailed')}</Notice>
      <button type="button" className={secondaryButton} onClick={view.retryCatalog}>{t('tryAgain')}</button>
    </div>
  );
}

/** The step's heading; focusable from script (tabIndex -1) so a new step can move focus to it. */
export function PageTitle({ children, ref }: { children: string; ref?: Ref<HTMLHeadingElement> }) {
  return <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl">{children}</h1>;
}
