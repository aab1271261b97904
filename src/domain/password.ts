/**
 * Password rules of spec section 5:
 * "Password 8-16 characters with upper, lower, digit and special character; must match confirmation;
 *  no keyboard-sequence passwords; new must differ from old."
 * Activation password (used by the activation flow): "at least 8 with 1 upper, 1 lower, 1 digit".
 */
export type PasswordProblem =
  | 'length' | 'upper' | 'lower' | 'digit' | 'special' | 'sequence' | 'mismatch' | 'sameAsOld';

const KEYBOARD_ROWS = [
  '`1234567890-=', 'qwertyuiop[]\\', "asdfghjkl;'", 'zxcvbnm,./',
  'abcdefghijklmnopqrstuvwxyz', '01234567890',
  // columns of a US keyboard, so 1qaz2wsx style passwords are caught too
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/', 'zaq1xsw2cde3vfr4bgt5nhy6mju7,ki8.lo9/;p0',
];

/** Length of a run that counts as a keyboard sequence ("no keyboard-sequence passwords"). */
export const SEQUENCE_RUN = 4;

/** True when the password contains SEQUENCE_RUN or more characters running along a keyboard row/column or the alphabet, either way. */
export const hasKeyboardSequence = (password: string): boolean => {
  const p = password.toLowerCase();
  for (let i = 0; i + SEQUENCE_RUN <= p.length; i++) {
    const chunk = p.slice(i, i + SEQUENCE_RUN);
    if (/^(.)\1+$/.test(chunk)) return true; // aaaa, 1111
    for (const row of KEYBOARD_ROWS) {
      if (row.includes(chunk) || [...row].reverse().join('').includes(chunk)) return true;
    }
  }
  return false;
};

export const passwordProblems = (password: string): PasswordProblem[] => {
  const problems: PasswordProblem[] = [];
  if (password.length < 8 || password.length > 16) problems.push('length');
  if (!/[A-Z]/.test(password)) problems.push('upper');
  if (!/[a-z]/.test(password)) problems.push('lower');
  if (!/\d/.test(password)) problems.push('digit');
  if (!/[^A-Za-z0-9]/.test(password) || /\s/.test(password)) problems.push('special');
  if (hasKeyboardSequence(password)) problems.push('sequence');
  return problems;
};

export const activationPasswordProblems = (password: string): PasswordProblem[] => {
  const problems: PasswordProblem[] = [];
  if (password.length < 8) problems.push('length');
  if (!/[A-Z]/.test(password)) problems.push('upper');
  if (!/[a-z]/.test(password)) problems.push('lower');
  if (!/\d/.test(password)) problems.push('digit');
  return problems;
};

export const isStrongPassword = (password: string): boolean => passwordProblems(password).length === 0;
