/**
 * How often an SMS code may be sent: per number 1 a minute, 5 an hour, 10 a day; per IP 30 an hour; per block of
 * numbers 20 an hour (src/server/limits/rules.ts). A refusal says when the next send is allowed.
 */
import { hit, ipSubject, phonePrefixSubject, phoneSubject, RULES, type Hit } from '../limits';

export const RESEND_AFTER_SECONDS = 60;

export const smsSendHits = (phone: string, ip: string): Hit[] => [
  hit(RULES.smsPhoneMinute, phoneSubject(phone)),
  hit(RULES.smsPhoneHour, phoneSubject(phone)),
  hit(RULES.smsPhoneDay, phoneSubject(phone)),
  hit(RULES.smsIp, ipSubject(ip)),
  hit(RULES.smsPrefix, phonePrefixSubject(phone)),
];
