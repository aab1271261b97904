/** /staff/login (issue 16): the staff console's own login, with staff accounts only (never a customer's). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { staffApi, StaffApiError } from '../../src/app/forScreens';
import { Notice, primaryButton, TextInput } from '../ui/fields';
import { problemText, useText, type Text } from '../ui/text';
import { StaffFrame } from './StaffFrame';

export default function StaffLoginScreen() {
  const { t } = useTranslation('staff');
  const text = useText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Text | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await staffApi.login(email, password);
      const back = params.get('redirect');
      navigate(back?.startsWith('/staff/') ? back : '/staff/reviews', { replace: true });
    } catch (e) {
      setProblem(e instanceof StaffApiError ? problemText(e) : { key: 'errors:code.serverError' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <StaffFrame>
      <form className="mx-auto max-w-md space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }} aria-labelledby="staff-login-title">
        <h1 id="staff-login-title" className="text-xl font-bold text-slate-900">{t('login.title')}</h1>
        <p className="text-sm text-slate-700">{t('login.intro')}</p>
        {problem && <Notice tone="error">{text(problem)}</Notice>}
        <TextInput field="email" label={t('login.email')} type="email" autoComplete="username" value={email} onChange={setEmail} errors={[]} />
        <TextInput field="password" label={t('login.password')} type="password" autoComplete="current-password" value={password} onChange={setPassword} errors={[]} />
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>{t(busy ? 'login.busy' : 'login.submit')}</button>
      </form>
    </StaffFrame>
  );
}
