/**
 * The Lunar New Year participation form (issue 18, decision 0042): how many groups (3, 6 or 9, one screenshot each,
 * taken 24 hours after forwarding), the social post with its likes, the reward that claim earns, and the send. Each
 * screenshot uploads when chosen (the dual number's image rules on the gateway); the form is checked with the
 * contract's own schema before it is sent, and nothing typed is lost when the gateway refuses it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPacificDateTime } from '../../i18n';
import { campaignApi } from '../../src/app/forScreens';
import { lunarNewYearSubmission, type LunarNewYearData, type ScreenshotSlot } from '../../src/contract/campaigns';
import { LNY_GROUP_CHOICES, rewardCents } from '../../src/domain/campaigns';
import { ChoiceGroup, CheckboxField, Notice, TextInput, inputClass, primaryButton } from '../ui/fields';
import { problemText, useText, type Text } from '../ui/text';

interface Shot { ref: string; name: string }
interface Failure { code: string; message: string; status: number; data?: unknown }

export function LunarNewYearForm({ onSent }: { onSent: (data: LunarNewYearData) => void }) {
  const { t, i18n } = useTranslation('campaigns');
  const text = useText();
  const [groups, setGroups] = useState<number>(3);
  const [forwardedAt, setForwardedAt] = useState('');
  const [groupShots, setGroupShots] = useState<(Shot | null)[]>(Array(9).fill(null));
  const [posted, setPosted] = useState(false);
  const [likes, setLikes] = useState('');
  const [socialShot, setSocialShot] = useState<Shot | null>(null);
  const [errors, setErrors] = useState<Record<string, Text[]>>({});
  const [problem, setProblem] = useState<Text | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const likesNumber = /^\d{1,7}$/.test(likes.trim()) ? Number(likes.trim()) : null;
  const claim = { groups, likes: posted ? likesNumber ?? 0 : null };
  const body = () => ({
    groups,
    forwardedAt: groups > 0 && forwardedAt ? new Date(forwardedAt).toISOString() : null,
    groupShots: groupShots.slice(0, groups).filter((s): s is Shot => s !== null).map((s) => s.ref),
    likes: posted ? (likes.trim() === '' ? Number.NaN : likesNumber ?? Number.NaN) : null,
    socialShot: posted ? socialShot?.ref ?? null : null,
  });

  async function upload(slot: ScreenshotSlot, index: number, file: File) {
    const field = slot === 'group' ? `groupShot${index}` : 'socialShot';
    setBusy(field);
    setErrors((e) => ({ ...e, [field]: [], groupShots: [], socialShot: [] }));
    try {
      const answer = await campaignApi.upload(slot, file);
      const shot = { ref: answer.ref, name: file.name };
      if (slot === 'group') setGroupShots((all) => all.map((s, i) => (i === index ? shot : s)));
      else setSocialShot(shot);
    } catch (e) {
      setErrors((all) => ({ ...all, [field]: [problemText(e as Failure)] }));
    } finally {
      setBusy(null);
    }
  }

  async function submit() {
    setProblem(null);
    const parsed = lunarNewYearSubmission.safeParse(body());
    if (!parsed.success) {
      const found: Record<string, Text[]> = {};
      const add = (field: string, key: string) => { if (!found[field]?.some((t) => 'key' in t && t.key === key)) (found[field] ??= []).push({ key }); };
      for (const issue of parsed.error.issues) add(String(issue.path[0] ?? 'groups'), issue.message);
      // The schema's cross-field rules wait for every field to parse: the missing screenshots are named at once too.
      if (posted && !socialShot) add('socialShot', 'validation:campaign.screenshot.required');
      if (groups > 0 && groupShots.slice(0, groups).some((s) => s === null)) add('groupShots', 'validation:campaign.groupShots.count');
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy('submit');
    try {
      onSent(await campaignApi.submit(parsed.data));
    } catch (e) {
      const failure = e as Failure;
      const readyAt = (failure.data as { readyAt?: string } | undefined)?.readyAt;
      if (failure.code === 'campaignTooEarly' && readyAt) setProblem({ key: 'campaigns:lny.form.tooEarly', values: { date: formatPacificDateTime(readyAt, i18n.language) } });
      else setProblem(problemText(failure));
    } finally {
      setBusy(null);
    }
  }

  return (
    <form noValidate className="space-y-5" onSubmit={(e) => { e.preventDefault(); void submit(); }} aria-labelledby="lny-form-title">
      <h3 id="lny-form-title" className="font-semibold text-slate-900">{t('lny.form.title')}</h3>
      <ChoiceGroup
        field="groups" legend={t('lny.form.groups')} value={groups} columns="grid-cols-2"
        options={LNY_GROUP_CHOICES.map((n) => ({ value: n, label: n === 0 ? t('lny.form.noGroups') : t('lny.form.groupsOption', { count: n }) }))}
        onChange={(n) => setGroups(n)} errors={errors.groups ?? []}
      />
      {groups > 0 && (
        <div className="space-y-3">
          <div>
            <label htmlFor="lny-forwarded" className="block text-sm font-medium text-slate-800">{t('lny.form.forwardedAt')}</label>
            <p id="lny-forwarded-hint" className="text-xs text-slate-600">{t('lny.form.forwardedHint')}</p>
            <input id="lny-forwarded" name="forwardedAt" type="datetime-local" value={forwardedAt} onChange={(e) => setForwardedAt(e.target.value)}
              className={inputClass} aria-invalid={(errors.forwardedAt ?? []).length > 0} aria-describedby={`lny-forwarded-hint${errors.forwardedAt?.length ? ' lny-forwarded-error' : ''}`} />
            {errors.forwardedAt?.length ? <p id="lny-forwarded-error" className="mt-1 text-sm text-rose-700">{text(errors.forwardedAt[0]!)}</p> : null}
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">{t('lny.form.groupShots', { count: groups })}</legend>
            {Array.from({ length: groups }, (_, i) => (
              <ShotInput key={i} id={`lny-group-${i}`} label={t('lny.form.groupShot', { n: i + 1 })} shot={groupShots[i] ?? null}
                busy={busy === `groupShot${i}`} disabled={busy !== null} errors={errors[`groupShot${i}`] ?? []} onFile={(f) => void upload('group', i, f)} />
            ))}
            {errors.groupShots?.length ? <p className="text-sm text-rose-700">{text(errors.groupShots[0]!)}</p> : null}
          </fieldset>
        </div>
      )}
      <CheckboxField field="posted" checked={posted} onChange={setPosted} errors={[]}>{t('lny.form.posted')}</CheckboxField>
      {posted && (
        <div className="space-y-3">
          <TextInput field="likes" label={t('lny.form.likes')} hint={t('lny.form.likesHint')} value={likes} onChange={setLikes} inputMode="numeric" maxLength={7} errors={errors.likes ?? []} />
          <ShotInput id="lny-social" label={t('lny.form.socialShot')} shot={socialShot} busy={busy === 'socialShot'} disabled={busy !== null}
            errors={[...(errors.socialShot ?? [])]} onFile={(f) => void upload('social', 0, f)} />
        </div>
      )}
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200" data-testid="lny-estimate" aria-live="polite">
        {t('lny.form.estimate', { amount: formatMoney(rewardCents(claim), i18n.language) })}
      </p>
      {problem && <Notice tone="error">{text(problem)}</Notice>}
      <button type="submit" className={primaryButton} disabled={busy !== null} aria-busy={busy === 'submit'}>{t(busy === 'submit' ? 'lny.form.sending' : 'lny.form.submit')}</button>
    </form>
  );
}

function ShotInput(props: { id: string; label: string; shot: Shot | null; busy: boolean; disabled: boolean; errors: Text[]; onFile: (file: File) => void }) {
  const { t } = useTranslation('campaigns');
  const text = useText();
  const [inputKey, setInputKey] = useState(0);
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-3" data-testid={props.id} data-uploaded={props.shot ? 'true' : 'false'}>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">{props.label}</label>
      <input key={inputKey} id={props.id} type="file" accept="image/jpeg,.jpg,.jpeg" disabled={props.disabled}
        aria-invalid={props.errors.length > 0} aria-describedby={props.errors.length ? `${props.id}-error` : undefined}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-full file:border-0 file:bg-blue-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-blue-800"
        onChange={(e) => { const f = e.target.files?.[0]; if (f) props.onFile(f); setInputKey((k) => k + 1); }} />
      {props.busy && <p className="mt-1 text-xs text-slate-600">{t('lny.form.uploading')}</p>}
      {props.shot && <p className="mt-1 text-xs text-emerald-800">{t('lny.form.ready', { name: props.shot.name })}</p>}
      {props.errors.length > 0 && <p id={`${props.id}-error`} className="mt-1 text-sm text-rose-700">{text(props.errors[0]!)}</p>}
    </div>
  );
}
