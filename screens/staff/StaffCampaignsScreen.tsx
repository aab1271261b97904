/**
 * /staff/campaigns (issue 18, decision 0042): the campaign screenshots to review, oldest first, and the decided ones
 * newest first with who decided (spec section 6: "Staff review IDs and screenshots").
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPacificDateTime } from '../../i18n';
import { AppLink, staffCampaignApi } from '../../src/app/forScreens';
import type { RewardSummary } from '../../src/contract/campaigns';
import { Notice, secondaryButton } from '../ui/fields';
import { useText } from '../ui/text';
import { StaffFrame, useStaff } from './StaffFrame';
import { useStaffList } from './useStaffList';

export default function StaffCampaignsScreen() {
  const { t, i18n } = useTranslation('staff');
  const text = useText();
  const me = useStaff();
  const [tab, setTab] = useState<'waiting' | 'decided'>('waiting');
  const { answer, problem, refresh } = useStaffList(me, () => staffCampaignApi.list(tab), [tab]);
  const rewards = answer?.rewards ?? null;
  return (
    <StaffFrame me={me}>
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-900">{t('campaigns.title')}</h1>
          <button type="button" className={secondaryButton} onClick={refresh}>{t('queue.refresh')}</button>
        </div>
        <div role="tablist" aria-label={t('campaigns.title')} className="flex gap-2">
          {(['waiting', 'decided'] as const).map((k) => (
            <button key={k} type="button" role="tab" aria-selected={tab === k} onClick={() => setTab(k)}
              className={`rounded-full px-4 py-2 text-sm font-semibold ${tab === k ? 'bg-blue-700 text-white' : 'bg-white text-slate-900 ring-1 ring-slate-300'}`}>
              {t(`queue.${k}`)}
            </button>
          ))}
        </div>
        {problem && <Notice tone="error">{text(problem)}</Notice>}
        {rewards === null && !problem && <p className="text-slate-700" aria-busy="true">{t('queue.loading')}</p>}
        {rewards?.length === 0 && <p className="rounded-2xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">{t(`campaigns.empty.${tab}`)}</p>}
        {rewards && rewards.length > 0 && (
          <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
            <table className="w-full text-left text-sm" data-testid="campaign-queue">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-2">#</th>
                  <th scope="col" className="px-4 py-2">{t('campaigns.customer')}</th>
                  <th scope="col" className="px-4 py-2">{t('campaigns.claim')}</th>
                  <th scope="col" className="px-4 py-2">{t('campaigns.amount')}</th>
                  <th scope="col" className="px-4 py-2">{t('queue.submitted')}</th>
                  <th scope="col" className="px-4 py-2">{t('campaigns.state')}</th>
                </tr>
              </thead>
              <tbody>
                {rewards.map((r) => (
                  <tr key={r.id} className="border-t border-slate-100" data-testid={`campaign-row-${r.id}`}>
                    <td className="px-4 py-2"><AppLink to={`/staff/campaigns/${r.id}`} className="font-semibold text-blue-800 underline">{r.id}</AppLink></td>
                    <td className="px-4 py-2" translate="no">{r.customer}</td>
                    <td className="px-4 py-2">{claimText(t, r)}</td>
                    <td className="px-4 py-2">{formatMoney(r.amountCents, i18n.language)}</td>
                    <td className="px-4 py-2">{formatPacificDateTime(r.submittedAt, i18n.language)}</td>
                    <td className="px-4 py-2">{t(`campaigns.states.${r.state}`)}{r.decidedBy ? ` · ${r.decidedBy}` : ''}</td>
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

export const claimText = (t: (key: string, values?: Record<string, unknown>) => string, r: Pick<RewardSummary, 'groups' | 'likes'>) =>
  [r.groups > 0 ? t('campaigns.groups', { count: r.groups }) : null, r.likes !== null ? t('campaigns.likes', { count: r.likes }) : null].filter(Boolean).join(' · ');
