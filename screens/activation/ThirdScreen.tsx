/**
 * Step 3 (spec section 2): /activation/third and /activation/global/third: "success with referral sharing", where the
 * activation and the port-in stand (asked again while they run), and the spec's timings.
 */
import { useTranslation } from 'react-i18next';
import { AppLink, useSession } from '../../src/app/forScreens';
import { FormSection, Notice, linkClass, secondaryButton } from '../ui/fields';
import { useText } from '../ui/text';
import { connectThird } from './activation.connect';
import { ActivationStatus } from './ActivationStatus';
import { ReferralShare } from './ReferralShare';
import { useActivation } from './useActivation';

export default function ThirdScreen() {
  const { t } = useTranslation('activation');
  const text = useText();
  const { snapshot, send } = useActivation();
  const view = connectThird(snapshot, send);
  const { loggedIn } = useSession();
  const a = view.activation;
  return (
    <div className="space-y-4">
      {view.notice && <Notice tone="info">{text(view.notice)}</Notice>}
      <FormSection title={t('third.heading')}>
        <ActivationStatus view={view} headingLevel={3} />
      </FormSection>
      {a && <ReferralShare code={a.referral.code} link={a.referral.link} />}
      <div className="flex flex-wrap items-center gap-4">
        {loggedIn && <AppLink to="/personal" className={linkClass}>{t('third.personal')}</AppLink>}
        <button type="button" className={secondaryButton} onClick={view.another}>{t('third.another')}</button>
      </div>
    </div>
  );
}
