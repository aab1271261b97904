import { describe, expect, it } from 'vitest';
import { activationKey, groupedIccid } from '../../screens/checkout/activationCard';
import en from '../../i18n/en/checkout.json';

describe("activation's plan purchase names the card", () => {
  it('prints the ICCID in groups of four, as on the card', () => {
    expect(groupedIccid('8901260010000000070')).toBe('8901 2600 1000 0000 070');
    expect(groupedIccid('8985230010000000138')).toBe('8985 2300 1000 0000 138');
  });

  it('says data pack for a global card and plan for a US card, with a text for each', () => {
    expect(activationKey('formTitle', 'us')).toBe('activationPlan.formTitle');
    expect(activationKey('formTitle', 'global')).toBe('activationPlan.formTitleGlobal');
    const texts = en.activationPlan as Record<string, string>;
    for (const key of ['propagateTitle', 'formTitle', 'cardNote', 'detailsNote', 'failedNote', 'resultTitle', 'resultBody']) {
      for (const kind of ['us', 'global'] as const) expect(texts[activationKey(key, kind).split('.')[1]!], `${key} ${kind}`).toBeTruthy();
    }
  });
});
