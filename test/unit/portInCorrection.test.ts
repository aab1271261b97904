/**
 * The port-in correction's rules (contract portInCorrectionFor, read by the activation chart and the gateway): the
 * account number and PIN are never sent back to the page, so a correction leaves them empty to keep them, and types
 * again only the one the carrier named (issue 12: "the customer changes only what the carrier named").
 */
import { describe, expect, it } from 'vitest';
import { correctionProblems, toCorrectionBody, type PortDraft } from '../../machines/activationForm';

const refilled: PortDraft = { carrier: 'T-Mobile', msisdn: '(626) 555-0177', accountNumber: '', pin: '', accountZip: '91801' };

describe('a port-in correction', () => {
  it('the carrier named the PIN: the PIN alone corrects it, the account number left empty is kept', () => {
    expect(correctionProblems({ ...refilled, pin: '1234' }, 'pin')).toEqual({});
    expect(toCorrectionBody({ ...refilled, pin: '1234' })).toEqual({ carrier: 'T-Mobile', msisdn: '(626) 555-0177', accountZip: '91801', pin: '1234' });
  });

  it('the detail the carrier named must be typed again, said on that field', () => {
    expect(correctionProblems(refilled, 'pin')).toEqual({ pin: ['validation:pin.corrected'] });
    expect(correctionProblems(refilled, 'accountNumber')).toEqual({ accountNumber: ['validation:accountNumber.corrected'] });
    expect(correctionProblems({ ...refilled, accountNumber: 'ACC-1' }, 'accountNumber')).toEqual({});
  });

  it('a ZIP or name the carrier named changes on the refilled fields; both secrets may stay as they were', () => {
    expect(correctionProblems({ ...refilled, accountZip: '94110' }, 'zipMismatch')).toEqual({});
    expect(correctionProblems(refilled, 'nameMismatch')).toEqual({});
  });

  it('what is typed follows step 2\'s rules, and the refilled details cannot be emptied', () => {
    expect(correctionProblems({ ...refilled, pin: '12' }, 'pin')).toEqual({ pin: ['validation:pin.invalid'] });
    expect(correctionProblems({ ...refilled, accountNumber: 'ACC 1!' }, 'pin').accountNumber).toEqual(['validation:accountNumber.invalid']);
    expect(correctionProblems({ ...refilled, carrier: ' ', accountZip: '' }, 'zipMismatch')).toEqual({
      carrier: ['validation:carrier.required'], accountZip: ['validation:accountZip.required'],
    });
    expect(toCorrectionBody({ ...refilled, accountNumber: '  ', pin: '' })).not.toHaveProperty('accountNumber');
  });
});
