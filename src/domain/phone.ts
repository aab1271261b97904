/**
 * Phone numbers customers log in with: a US number (10 digits, NANP: area code and exchange start 2-9)
 * or a mainland China mobile (11 digits starting 13-19), typed with or without spaces, dashes or +1/+86.
 */
export const normalizePhone = (raw: string): string => {
  let digits = raw.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+1') && digits.length === 12) digits = digits.slice(2);
  else if (digits.startsWith('+86') && digits.length === 14) digits = digits.slice(3);
  // 1 and a US number. Eleven bare digits that also read as a China mobile (13x-19x) are the China mobile; written with
  // a separator after the 1 (1-626-…, 1 (626) …, 1.626.…), the US way, they are the US number.
  else if (/^1[2-9]\d{2}[2-9]\d{6}$/.test(digits) && (!/^1[3-9]\d{9}$/.test(digits) || /^1[\s\-.(]/.test(raw.trim()))) digits = digits.slice(1);
  return digits;
};

export const isUsPhone = (digits: string): boolean => /^[2-9]\d{2}[2-9]\d{6}$/.test(digits);
export const isCnMobile = (digits: string): boolean => /^1[3-9]\d{9}$/.test(digits);
export const isValidPhone = (raw: string): boolean => {
  const d = normalizePhone(raw);
  return isUsPhone(d) || isCnMobile(d);
};

/** (626) 555-0100 style for US numbers; 138 0013 8000 for China mobiles. */
export const formatPhone = (digits: string): string => {
  if (isUsPhone(digits)) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  if (isCnMobile(digits)) return `${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`;
  return digits;
};

/** A China number as written abroad: +86 170 0000 0001 (the dual number's China number). */
export const formatChinaNumber = (digits: string): string => `+86 ${formatPhone(digits)}`;

/** Shows only the last four digits, for greetings in shared places and for logs. */
export const maskPhone = (digits: string): string => (digits.length > 4 ? `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}` : digits);
