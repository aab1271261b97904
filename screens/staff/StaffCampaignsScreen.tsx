/**
 * /staff/campaigns (issue 18, decision 0042): the campaign screenshots to review, oldest first, and the decided ones
 * newest first with who decided (spec section 6: "Staff review IDs and screenshots").
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPacificDateTime } from '../../i18n';
import { AppLink, staffCampaignApi } from '../../src/app/forScreens';
import type { RewardSummary } from '../../src/contract/campaigns';
import { StaffFrame, useStaff } from './StaffFrame';
import { StaffListBody, StaffListHeader, StaffTabs } from './StaffList';
import { useStaffList } from './useStaffList';

export default function StaffCampaignsScreen() {
  const { t, i18n } = useTranslation('staff');
  const me = useStaff();
  const [tab, setTab] = useState<'waiting' | 'decided'>('waiting');
  const { answer, problem, refresh } = useStaffList(me, () => staffCampaignApi.list(tab), [tab]);
  const rewards = answer?.rewards ?? null;
  return (
    <StaffFrame me={me}>
      <div className="space-y-4">
        <StaffListHeader title={t('campaigns.title')} refresh={t('queue.refresh')} onRefresh={refresh} />
        <StaffTabs label={t('campaigns.title')} tabs={['waiting', 'decided'] as const} value={tab} onChange={setTab} name={(k) => t(`queue.${k}`)} />
        <StaffListBody
          problem={problem} items={rewards} loading={t('queue.loading')} empty={t(`campaigns.empty.${tab}`)} testId="campaign-queue"
          columns={['#', t('campaigns.customer'), t('campaigns.claim'), t('campaigns.amount'), t('queue.submitted'), t('campaigns.state')]}
          rows={(list) => list.map((r) => (
            <tr key={r.id} className="border-t border-slate-100" data-testid={`campaign-row-${r.id}`}>
              <td className="px-4 py-2"><AppLink to={`/staff/campaigns/${r.id}`} className="font-semibold text-blue-800 underline">{r.id}</AppLink></td>
              <td className="px-4 py-2" translate="no">{r.customer}</td>
              <td className="px-4 py-2">{claimText(t, r)}</td>
              <td className="px-4 py-2">{formatMoney(r.amountCents, i18n.language)}</td>
              <td className="px-4 py-2">{formatPacificDateTime(r.submittedAt, i18n.language)}</td>
              <td className="px-4 py-2">{t(`campaigns.states.${r.state}`)}{r.decidedBy ? ` · ${r.decidedBy}` : ''}</td>
            </tr>
          ))}
        />
      </div>
    </StaffFrame>
  );
}

export const claimText = (t: (key: string, values?: Record<string, unknown>) => string, r: Pick<RewardSummary, 'groups' | 'likes'>) =>
  [r.groups > 0 ? t('campaigns.groups', { count: r.groups }) : null, r.likes !== null ? t('campaigns.likes', { count: r.likes }) : null].filter(Boolean).join(' · ');
