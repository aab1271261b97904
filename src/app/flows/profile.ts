/**
 * The host side of the PROFILE charts (issue 14): my information, the password by SMS code and the bank cards, with
 * their named actors made of real gateway calls. Calls are `silent`: each chart shows its errors itself.
 */
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { addCard, bankCards, emailChange, emailSendCode, passwordSendCode, profileInfo, profileUpdate, removeCard, resetPwdBySms, setDefaultCard } from '../../contract/profile';
import type { AddCardInput, ProfileUpdateInput } from '../../contract/profile';
import { profileMachine } from '../../../machines/profile.machine';
import { passwordBySmsMachine } from '../../../machines/passwordBySms.machine';
import { bankCardsMachine } from '../../../machines/bankCards.machine';
import { cardFormActor } from './cardForm';
import { refreshPersonalData } from '../session';

export const profileFlow = profileMachine.provide({
  actors: {
    loadProfile: fromPromise(() => call(profileInfo, { silent: true })),
    saveProfile: fromPromise(({ input }: { input: ProfileUpdateInput }) => call(profileUpdate, { body: input, silent: true })),
    sendEmailCode: fromPromise(({ input }: { input: { email: string } }) => call(emailSendCode, { body: input, silent: true })),
    changeEmail: fromPromise(({ input }: { input: { email: string; code: string } }) => call(emailChange, { body: input, silent: true })),
  },
});

export const passwordBySmsFlow = passwordBySmsMachine.provide({
  actors: {
    sendPasswordCode: fromPromise(() => call(passwordSendCode, { silent: true })),
    resetPassword: fromPromise(({ input }: { input: { code: string; newPassword: string; confirmPassword: string } }) =>
      call(resetPwdBySms, { body: input, silent: true })),
  },
});

/** Every change of the cards refreshes personalData: its pay methods include the default card. */
const refreshed = async <T,>(answer: Promise<T>): Promise<T> => {
  const value = await answer;
  void refreshPersonalData().catch(() => undefined);
  return value;
};

export const bankCardsFlow = bankCardsMachine.provide({
  actors: {
    loadCards: fromPromise(() => call(bankCards, { silent: true })),
    addCard: fromPromise(({ input }: { input: AddCardInput & { idempotencyKey: string } }) => refreshed(call(addCard, {
      body: { sourceId: input.sourceId, cardholderName: input.cardholderName, billingZip: input.billingZip },
      headers: { 'Idempotency-Key': input.idempotencyKey }, silent: true,
    }))),
    setDefaultCard: fromPromise(({ input }: { input: { cardId: number } }) => refreshed(call(setDefaultCard, { body: input, silent: true }))),
    removeCard: fromPromise(({ input }: { input: { cardId: number } }) => refreshed(call(removeCard, { body: input, silent: true }))),
    cardForm: cardFormActor,
  },
});
