/** Username and password login, and the new-password step of register and reset (spec section 5 rules shown live). */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginView } from './login.connect';
import { CaptchaField, Field, FormMessage, PasswordChecklist, primaryButton } from '../ui/compactForm';
import { useText } from '../ui/text';

export function PasswordLoginStep({ view }: { view: LoginView }) {
  const { t } = useTranslation('login');
  const text = useText();
  return (
    <form className="space-y-4" noValidate onSubmit={(e) => { e.preventDefault(); view.submitPassword(); }}>
      {view.notice && <FormMessage tone="success">{text(view.notice)}</FormMessage>}
      <Field name="username" autoComplete="username" label={t('fields.username')}
        value={view.values.username} onChange={(v) => view.setField('username', v)} errors={view.fieldError('username')} />
      <Field name="password" type="password" autoComplete="current-password" label={t('fields.password')}
        value={view.values.password} onChange={(v) => view.setField('password', v)} errors={view.fieldError('password')} />
      <CaptchaField value={view.values.captcha} onChange={(v) => view.setField('captcha', v)} errors={view.fieldError('captcha')}
        state={view.captcha.state} image={view.captcha.image} onRefresh={view.refreshCaptcha} />
      <button type="submit" className={primaryButton} disabled={view.busy} aria-busy={view.busy}>
        {t(view.busy ? 'actions.working' : 'actions.login')}
      </button>
    </form>
  );
}

export function NewPasswordStep({ view }: { view: LoginView }) {
  const { t } = useTranslation('login');
  const rulesId = useId();
  return (
    <form className="space-y-4" noValidate onSubmit={(e) => { e.preventDefault(); view.submitNewPassword(); }}>
      <Field name="newPassword" type="password" autoComplete="new-password" label={t('fields.newPassword')}
        value={view.values.newPassword} onChange={(v) => view.setField('newPassword', v)} errors={view.fieldError('newPassword')} />
      <Field name="confirmPassword" type="password" autoComplete="new-password" label={t('fields.confirmPassword')}
        value={view.values.confirmPassword} onChange={(v) => view.setField('confirmPassword', v)} errors={view.fieldError('confirmPassword')} />
      <PasswordChecklist id={rulesId} items={view.checklist} />
      <CaptchaField value={view.values.captcha} onChange={(v) => view.setField('captcha', v)} errors={view.fieldError('captcha')}
        state={view.captcha.state} image={view.captcha.image} onRefresh={view.refreshCaptcha} />
      <button type="submit" className={primaryButton} disabled={view.busy} aria-busy={view.busy}>
        {t(view.busy ? 'actions.working' : view.path === 'register' ? 'actions.register' : 'actions.saveNewPassword')}
      </button>
    </form>
  );
}
