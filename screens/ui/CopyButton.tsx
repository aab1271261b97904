/** "Tracking number with copy" (spec section 2): copies a value and says so; when the browser refuses, says to copy by hand. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from './compactForm';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('tracking');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" className={`${secondaryButton} px-3 py-1`} onClick={() => void copy()} aria-label={label}>
        {t('result.copy')}
      </button>
      <span role="status" className={`text-sm ${state === 'failed' ? 'text-rose-700' : 'text-emerald-800'}`}>
        {state === 'copied' ? t('result.copied') : state === 'failed' ? t('result.copyFailed') : ''}
      </span>
    </span>
  );
}
