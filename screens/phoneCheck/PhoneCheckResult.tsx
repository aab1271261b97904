/** The phone check's answer: the verdict in the spec's words, the device the IMEI names, its limits and what to do next. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhoneCheckContext } from '../../machines/phoneCheck.machine';
import { AppLink } from '../../src/app/forScreens';
import { linkClass, secondaryButton } from '../ui/fields';
import { VerbatimText } from '../ui/Verbatim';
import { resultOf, type ResultTone } from './phoneCheck.connect';

const TONE: Record<ResultTone, string> = {
  success: 'bg-emerald-50 ring-emerald-300 text-emerald-950',
  warning: 'bg-amber-50 ring-amber-300 text-amber-950',
  error: 'bg-rose-50 ring-rose-300 text-rose-950',
};

export function PhoneCheckResult({ context, onAgain }: { context: PhoneCheckContext; onAgain: () => void }) {
  const { t } = useTranslation('phoneCheck');
  const heading = useRef<HTMLHeadingElement>(null);
  const result = resultOf(context);
  useEffect(() => { heading.current?.focus(); }, [context.answer]);
  if (!result) return null;
  const { device } = result;
  return (
    <section aria-labelledby="phone-result" className={`rounded-2xl p-6 ring-1 ${TONE[result.tone]}`} data-testid="phone-result" data-verdict={result.verdict}>
      <p className="text-sm font-medium">{t('answer.title')}</p>
      <h2 id="phone-result" ref={heading} tabIndex={-1} className="mt-1 text-2xl font-bold focus:outline-none">{t(`verdict.${result.verdict}.title`)}</h2>
      <p className="mt-2">{t(`verdict.${result.verdict}.body`)}</p>
      <p className="mt-4 text-sm">
        {device ? <VerbatimText k="phoneCheck:answer.device" values={{ brand: device.brand, model: device.model }} /> : t('answer.unknownDevice')}
        {device?.market === 'cn' && <span className="ml-2 inline-flex rounded-full bg-white/70 px-2 py-0.5 text-xs font-semibold ring-1 ring-current/20">{t('answer.cnModel')}</span>}
      </p>
      {result.mismatchTyped && <p className="mt-2 text-sm"><VerbatimText k="phoneCheck:answer.mismatch" values={{ typed: result.mismatchTyped, brand: device!.brand }} /></p>}
      {result.limits.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-semibold">{t('answer.limitsTitle')}</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm" data-testid="phone-limits">
            {result.limits.map((limit) => <li key={limit} data-limit={limit}>{t(`limit.${limit}`)}</li>)}
          </ul>
        </div>
      )}
      <div className="mt-5 flex flex-wrap items-center gap-4">
        {result.next.map((link) => <AppLink key={link.key} to={link.to} className={linkClass}>{t(`next.${link.key}`)}</AppLink>)}
        <button type="button" className={secondaryButton} onClick={onAgain}>{t('answer.again')}</button>
      </div>
    </section>
  );
}
