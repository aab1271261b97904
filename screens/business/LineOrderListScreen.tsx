/**
 * The list of a line order (spec section 2: bundleChange, flowPacket and roamPack lists, hasPrice; /global/renewalpackage):
 * every offer with its price, contents, validity and destinations, and why nothing can be ordered now when the line
 * cannot take it (120079, 120080, five add-ons a cycle).
 */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../src/app/forScreens';
import { buttonPrimary } from '../ui/Section';
import { Notice, secondaryButton } from '../ui/fields';
import { LineSummary } from './LineSummary';
import { useOfferText } from './offerText';
import { useLineOrder } from './useLineOrder';

export default function LineOrderListScreen() {
  const { t } = useTranslation('business');
  const { t: te } = useTranslation('errors');
  const { snapshot, send, kind } = useLineOrder();
  const text = useOfferText(kind);
  const offers = snapshot.context.offers;
  const heading = <h1 className="text-2xl font-bold text-slate-900">{t(`title.${kind}`)}</h1>;
  if (snapshot.matches('offersFailed')) {
    return (
      <div className="space-y-4">
        {heading}
        <Notice tone="error">{t('loadFailed')}</Notice>
        <button type="button" className={secondaryButton} onClick={() => send({ type: 'lineOrder.reload' })}>{t('retry')}</button>
      </div>
    );
  }
  if (!offers || !(snapshot.matches('listing') || snapshot.matches('refused'))) return <div>{heading}<p role="status" className="mt-4 text-sm text-slate-700">{t('loading')}</p></div>;
  const refusal = snapshot.matches('refused') ? offers.refusal : null;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        {heading}
        <p className="text-slate-700">{t(`intro.${kind}`)}</p>
        <LineSummary offers={offers} />
      </div>
      {refusal && (
        <Notice tone="warning">
          <p>{te(`code.${refusal}`)}</p>
          {(refusal === '120079' || refusal === 'noUsLine' || refusal === 'noGlobalLine') && (
            <p className="mt-2"><AppLink to={refusal === 'noGlobalLine' ? '/plans/global' : '/plans'} className="font-medium underline">{t('buyPlan')}</AppLink></p>
          )}
          {refusal === '90007' && <p className="mt-2"><AppLink to="/personal/protect" className="font-medium underline">{t('toProtect')}</AppLink></p>}
        </Notice>
      )}
      {text.groups(offers.offers).map((group) => (
        <section key={group.key} aria-labelledby={`offers-${group.key}`} className="space-y-3">
          <h2 id={`offers-${group.key}`} className="text-lg font-semibold text-slate-900">{group.heading ?? t('offersHeading')}</h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {group.offers.map((o) => (
              <li key={o.id} className="flex flex-col justify-between rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="line-offer">
                <div>
                  <p className="font-semibold text-slate-900">{text.title(o)}</p>
                  <p className="mt-1 text-xl font-bold text-blue-800">{text.price(o)}</p>
                  <ul className="mt-2 space-y-0.5 text-sm text-slate-700">
                    {text.details(o).map((d) => <li key={d}>{d}</li>)}
                  </ul>
                </div>
                {!refusal && (
                  <button type="button" className={`${buttonPrimary} mt-4`} aria-label={t('chooseNamed', { name: `${text.title(o)}, ${text.price(o)}` })}
                    onClick={() => send({ type: 'offer.choose', offerId: o.id })}>
                    {t('choose')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
