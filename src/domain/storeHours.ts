/**
 * A store's opening hours as the stores data set writes them (issue 18): day ranges with one time range each, or
 * "closed", separated by semicolons, in OpenStreetMap's opening_hours words: "Mo-Fr 10:00-19:00; Sa 11:00-17:00;
 * Su closed". Days not named are closed. Pure: the pages show the days in the customer's language with Intl.
 */

export const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface OpeningRule {
  /** First and last day of the range (Monday 0 ... Sunday 6), as written. */
  from: number;
  to: number;
  /** 'HH:MM', or null when closed. */
  opens: string | null;
  closes: string | null;
}

const TIME = '([01]\\d|2[0-4]):([0-5]\\d)';
const RULE = new RegExp(`^(Mo|Tu|We|Th|Fr|Sa|Su)(?:-(Mo|Tu|We|Th|Fr|Sa|Su))?\\s+(?:closed|off|${TIME}-${TIME})$`);

/** The rules of an hours text, or null when it is not written that way. */
export function parseStoreHours(text: string): OpeningRule[] | null {
  const parts = text.split(';').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return null;
  const rules: OpeningRule[] = [];
  for (const part of parts) {
    const m = RULE.exec(part);
    if (!m) return null;
    const from = WEEKDAYS.indexOf(m[1] as Weekday);
    const to = m[2] ? WEEKDAYS.indexOf(m[2] as Weekday) : from;
    if (to < from) return null;
    const opens = m[3] ? `${m[3]}:${m[4]}` : null;
    const closes = m[5] ? `${m[5]}:${m[6]}` : null;
    if (opens && closes && closes <= opens) return null;
    rules.push({ from, to, opens, closes });
  }
  return rules;
}
