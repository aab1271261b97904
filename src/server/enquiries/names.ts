/** A person's name as it is written: a Chinese family name first and no space (林志明), otherwise the given name first. */
export const fullName = (first: string, last: string): string =>
  (/\p{Script=Han}/u.test(first + last) ? `${last}${first}` : `${first} ${last}`);
