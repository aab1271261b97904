/** Step 2's number: a new number picked from the numbers free in an area code, or the customer's number ported in. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '../../src/domain/phone';
import { ChoiceGroup, FormSection, Notice, secondaryButton, TextInput } from '../ui/fields';
import { useText } from '../ui/text';
import type { SecondView } from './activation.connect';
import { PortFields } from './PortFields';

export function NumberSection({ view }: { view: SecondView }) {
  const { t } = useTranslation('activation');
  const text = useText();
  const [areaCode, setAreaCode] = useState(view.draft.areaCode);
  const { numbers, draft } = view;
  const search = (code: string) => { setAreaCode(code); view.searchNumbers(code); };
  return (
    <FormSection title={t('number.heading')}>
      <ChoiceGroup
        field="numberKind" legend={t('number.choose')} value={draft.numberKind}
        options={[
          { value: 'new', label: t('number.new'), detail: t('number.newDetail') },
          { value: 'port', label: t('number.port'), detail: t('number.portDetail') },
        ]}
        onChange={(v) => view.change({ field: 'numberKind', value: v })} errors={view.fieldError('numberKind')} columns="grid-cols-1 sm:grid-cols-2"
      />
      {draft.numberKind === 'new' ? (
        <div className="space-y-3">
          <TextInput field="areaCode" label={t('number.areaCode')} value={areaCode} inputMode="numeric" maxLength={3} hint={t('number.areaCodeHint')}
            onChange={(v) => setAreaCode(v)} onEnter={() => search(areaCode)} errors={view.fieldError('areaCode')}
            after={<button type="button" className={`mt-1 shrink-0 ${secondaryButton}`} onClick={() => search(areaCode)}>{t('number.search')}</button>} />
          <div aria-live="polite">
            {numbers.state === 'searching' && <p className="text-sm text-slate-700">{t('number.searching')}</p>}
            {numbers.problem && <Notice tone="error">{text(numbers.problem)}</Notice>}
            {numbers.state === 'listed' && numbers.found && numbers.found.numbers.length === 0 && (
              <p className="text-sm text-slate-700">{t('number.none', { areaCode: numbers.found.areaCode })}</p>
            )}
          </div>
          {numbers.state === 'listed' && numbers.found && numbers.found.numbers.length > 0 && (
            <ChoiceGroup
              field="newNumber" legend={t('number.pick', { areaCode: numbers.found.areaCode })} value={draft.newNumber}
              options={numbers.found.numbers.map((n) => ({ value: n, label: formatPhone(n) }))}
              onChange={(v) => view.change({ field: 'newNumber', value: v })} errors={view.fieldError('newNumber')} columns="grid-cols-2 sm:grid-cols-3"
            />
          )}
          {numbers.state !== 'listed' && view.fieldError('newNumber').length > 0 && (
            <p data-field="newNumber" tabIndex={-1} className="text-sm text-rose-700">{text(view.fieldError('newNumber')[0]!)}</p>
          )}
          {numbers.found && numbers.found.nearbyAreaCodes.length > 0 && (
            <div>
              <p className="text-sm text-slate-700">{t('number.nearby')}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {numbers.found.nearbyAreaCodes.map((code) => (
                  <button key={code} type="button" className={secondaryButton} onClick={() => search(code)}>{code}</button>
                ))}
              </div>
            </div>
          )}
        </div>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{t('number.portIntro')}</p>
          <PortFields values={draft.port} errorsOf={(f) => view.fieldError(`port.${f}`)} onChange={(field, value) => view.change({ field: `port.${field}`, value })} />
        </div>
      )}
    </FormSection>
  );
}
