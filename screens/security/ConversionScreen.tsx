/**
 * /person/conversionCard/{orderNo?} (spec section 2; section 4: "Converting physical to eSIM voids the physical card;
 * the number is unchanged and conversion can go back"): the SIM the line runs on and the change it can make, after
 * re-authentication. Refused while the number lock is on. The eSIM's QR is emailed; /person/scanInstall shows it too.
 */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { AppLink, inspectFlow, numberSecurityFlow } from '../../src/app/forScreens';
import { formatPhone } from '../../src/domain/phone';
import { cardClass as card } from '../ui/card';
import { linkClass, Notice, primaryButton } from '../ui/fields';
import { PageState } from './PageState';
import { ReauthPanel } from './ReauthPanel';
import { connectNumberSecurity } from './security.connect';


export default function ConversionScreen() {
  const { t } = useTranslation('security');
  const [snapshot, send] = useMachine(numberSecurityFlow, { inspect: inspectFlow });
  const view = connectNumberSecurity(snapshot, send);
  const info = view.info;
  const direction = info?.canConvert ?? null;
  return (
    <div className="space-y-6" data-testid="conversion" data-state={view.state} data-sim={info?.simType ?? ''}>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('convert.title')}</h1>
        <p className="mt-1 text-slate-700">{t('convert.intro')}</p>
      </header>
      <PageState view={view} />
      {info && (view.done === 'toEsim' || view.done === 'toPhysical') && <Notice tone="success">{t(`done.${view.done}`)}</Notice>}
      {info && (
        <section aria-labelledby="convert-sim" className={`${card} space-y-4`}>
          <h2 id="convert-sim" className="text-lg font-semibold text-slate-900">{t('convert.now', { number: formatPhone(info.usNumber) })}</h2>
          <p className="text-slate-700">{t(`sim.${info.simType}`, { end: info.iccidEnd })}</p>
          {info.numberLocked && <Notice tone="warning">{t('convert.locked')} <AppLink to="/personal/security" className={linkClass}>{t('convert.lockLink')}</AppLink></Notice>}
          {direction === 'toEsim' && (
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              <li>{t('convert.toEsim.void')}</li><li>{t('convert.toEsim.qr')}</li><li>{t('convert.toEsim.phone')}</li><li>{t('convert.toEsim.back')}</li>
            </ul>
          )}
          {direction === 'toPhysical' && <p className="text-sm text-slate-700">{t('convert.toPhysical.body', { end: info.physicalIccidEnd ?? '' })}</p>}
          {!direction && <p className="text-sm text-slate-700">{t('convert.none')}</p>}
          {direction && !info.numberLocked && (view.action === direction
            ? <ReauthPanel view={view} />
            : <button type="button" className={`${primaryButton} sm:w-auto`} disabled={view.busy} onClick={() => view.start(direction)}>{t(`convert.${direction}.button`)}</button>)}
          {info.simType === 'esim' && <p className="text-sm"><AppLink to="/person/scanInstall" className={linkClass}>{t('convert.install')}</AppLink></p>}
        </section>
      )}
    </div>
  );
}
