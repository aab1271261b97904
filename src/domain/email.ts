/** Spec section 5: footer email has a "basic pattern". Also used for every other email field. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());
