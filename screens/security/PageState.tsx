/** What both number-security pages show while the chart loads, when loading failed, and the page's problem. */
import { useTranslation } from 'react-i18next';
import { cardClass as card } from '../ui/card';
import { Notice, secondaryButton } from '../ui/fields';
import { useText } from '../ui/text';
import type { NumberSecurityView } from './security.connect';

export function PageState({ view }: { view: NumberSecurityView }) {
  const { t } = useTranslation('security');
  const text = useText();
  return (
    <>
      {view.loading && <div className={card} aria-busy="true"><div className="h-24 animate-pulse rounded-lg bg-slate-100" /></div>}
      {view.failed && (
        <div className={`${card} space-y-3`}>
          {view.problem && <Notice tone="error">{text(view.problem)}</Notice>}
          <button type="button" className={secondaryButton} onClick={view.retry}>{t('page.retry')}</button>
        </div>
      )}
      {view.info && !view.action && view.problem && <Notice tone="error">{text(view.problem)}</Notice>}
    </>
  );
}
