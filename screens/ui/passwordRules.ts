/** The password rules of spec section 5, each met or not, for the live checklist (register, reset and change of password). */
import { passwordProblems, type PasswordProblem } from '../../src/domain/password';

export const PASSWORD_RULES: readonly Exclude<PasswordProblem, 'mismatch' | 'sameAsOld'>[] = ['length', 'upper', 'lower', 'digit', 'special', 'sequence'];

/** Spec section 5 rules, each met or not, for the live checklist. */
export const passwordChecklist = (password: string, confirm: string) => {
  const problems = new Set(passwordProblems(password));
  return [
    ...PASSWORD_RULES.map((rule) => ({ rule, met: password.length > 0 && !problems.has(rule) })),
    { rule: 'mismatch' as const, met: confirm.length > 0 && confirm === password },
  ];
};
