/** Small pieces the activation steps share: the step indicator and the eSIM warning for phones made for mainland China. */
import { useTranslation } from 'react-i18next';
import { Notice } from '../ui/fields';

export function StepIndicator({ step }: { step: 1 | 2 | 3 }) {
  const { t } = useTranslation('activation');
  const steps = [1, 2, 3] as const;
  return (
    <ol className="mt-4 grid grid-cols-3 gap-2" aria-label={t('steps.label')}>
      {steps.map((n) => {
        const current = n === step;
        const done = n < step;
        return (
          <li key={n} aria-current={current ? 'step' : undefined}
            className={`rounded-lg border px-2 py-2 text-center text-xs font-semibold sm:text-sm ${current ? 'border-blue-700 bg-blue-50 text-blue-900' : done ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : 'border-slate-200 bg-white text-slate-600'}`}>
            <span className="block">{t('steps.number', { n })}</span>
            <span className="block font-normal">{t(`steps.name${n}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** Spec section 5: "A CN-made phone cannot use eSIM": said before the customer relies on it. */
export function ChinaPhoneEsimNotice() {
  const { t } = useTranslation('activation');
  return (
    <Notice tone="warning">
      <strong className="font-semibold">{t('esim.chinaTitle')}</strong> {t('esim.chinaBody')}
    </Notice>
  );
}
