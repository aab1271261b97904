/**
 * /staff/referralGifts (issue 18 section 5, decision 0041): the referral programme's gifts to ship, the 10-referral gold
 * plate and souvenirs and the top referrer's iPhone, soonest ship-by date first ("gifts ship within 15 working days"),
 * with the referrer to send them to. The list is written in the staff audit log by the gateway.
 */
import { useTranslation } from 'react-i18next';
import { formatPacificDate } from '../../i18n';
import { referralGiftsApi } from '../../src/app/forScreens';
import { Notice, secondaryButton } from '../ui/fields';
import { useText } from '../ui/text';
import { StaffFrame, useStaff } from './StaffFrame';
import { useStaffList } from './useStaffList';

export default function StaffReferralGiftsScreen() {
  const { t, i18n } = useTranslation('referral');
  const text = useText();
  const me = useStaff();
  const { answer, problem, refresh } = useStaffList(me, referralGiftsApi.list);
  const gifts = answer?.gifts ?? null;
  const lang = i18n.language;
  return (
    <StaffFrame me={me}>
      <div className="space-y-4" data-testid="staff-referral-gifts">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">{t('staffGifts.title')}</h1>
            <p className="text-sm text-slate-700">{t('staffGifts.intro')}</p>
          </div>
          <button type="button" className={secondaryButton} onClick={refresh}>{t('staffGifts.refresh')}</button>
        </div>
        {problem && <Notice tone="error">{text(problem)}</Notice>}
        {gifts === null && !problem && <p className="text-slate-700" aria-busy="true">{t('staffGifts.loading')}</p>}
        {gifts?.length === 0 && <p className="rounded-2xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">{t('staffGifts.empty')}</p>}
        {gifts && gifts.length > 0 && (
          <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-2">{t('staffGifts.gift')}</th>
                  <th scope="col" className="px-4 py-2">{t('staffGifts.referrer')}</th>
                  <th scope="col" className="px-4 py-2">{t('staffGifts.edition')}</th>
                  <th scope="col" className="px-4 py-2">{t('staffGifts.shipBy')}</th>
                </tr>
              </thead>
              <tbody>
                {gifts.map((g) => (
                  <tr key={g.id} className="border-t border-slate-100">
                    <td className="px-4 py-2">{t(`gifts.${g.gift}`, { n: g.referrals })}</td>
                    <td className="px-4 py-2"><span translate="no">{g.referrer.username}</span><span className="block text-xs text-slate-600" translate="no">{[g.referrer.phone, g.referrer.email].filter(Boolean).join(' · ')}</span></td>
                    <td className="px-4 py-2" translate="no">{g.editionId}</td>
                    <td className="px-4 py-2">{formatPacificDate(g.shipBy, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </StaffFrame>
  );
}
