import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePendingRequests } from '../loading';

/** Shown while any request is pending; appears only after 300 ms so quick calls do not flicker. */
export const OVERLAY_DELAY_MS = 300;

export function LoadingOverlay() {
  const { t } = useTranslation('common');
  const pending = usePendingRequests();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (pending === 0) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), OVERLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  if (!visible) return null;
  return (
    <div className="fixed inset-0 z-[55] flex items-center justify-center bg-white/60" aria-busy="true" role="progressbar" aria-label={t('loading')}>
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-blue-200 border-t-blue-700" aria-hidden="true" />
    </div>
  );
}
