/**
 * /staff/referralGifts (issue 18 section 5, decision 0041): the referral programme's gifts to ship, the 10-referral gold
 * plate and souvenirs and the top referrer's iPhone, soonest ship-by date first ("gifts ship within 15 working days"),
 * with the referrer to send them to. The list is written in the staff audit log by the gateway.
 */
import { useTranslation } from 'react-i18next';
import { formatPacificDate } from '../../i18n';
import { referralGiftsApi } from '../../src/app/forScreens';
import { StaffFrame, useStaff } from './StaffFrame';
import { StaffListBody, StaffListHeader } from './StaffList';
import { useStaffList } from './useStaffList';

export default function StaffReferralGiftsScreen() {
  const { t, i18n } = useTranslation('referral');
  const me = useStaff();
  const { answer, problem, refresh } = useStaffList(me, referralGiftsApi.list);
  const gifts = answer?.gifts ?? null;
  const lang = i18n.language;
  return (
    <StaffFrame me={me}>
      <div className="space-y-4" data-testid="staff-referral-gifts">
        <StaffListHeader title={t('staffGifts.title')} intro={t('staffGifts.intro')} refresh={t('staffGifts.refresh')} onRefresh={refresh} />
        <StaffListBody
          problem={problem} items={gifts} loading={t('staffGifts.loading')} empty={t('staffGifts.empty')}
          columns={[t('staffGifts.gift'), t('staffGifts.referrer'), t('staffGifts.edition'), t('staffGifts.shipBy')]}
          rows={(list) => list.map((g) => (
            <tr key={g.id} className="border-t border-slate-100">
              <td className="px-4 py-2">{t(`gifts.${g.gift}`, { n: g.referrals })}</td>
              <td className="px-4 py-2"><span translate="no">{g.referrer.username}</span><span className="block text-xs text-slate-600" translate="no">{[g.referrer.phone, g.referrer.email].filter(Boolean).join(' · ')}</span></td>
              <td className="px-4 py-2" translate="no">{g.editionId}</td>
              <td className="px-4 py-2">{formatPacificDate(g.shipBy, lang)}</td>
            </tr>
          ))}
        />
      </div>
    </StaffFrame>
  );
}
