import { describe, expect, it } from 'vitest';
import { emailSubject, ipSubject, phonePrefixSubject, phoneSubject } from '../../src/server/limits/subjects';

describe('subjects of limits: one client, number or mailbox is one subject however it is written', () => {
  it('an IPv4 address as is, also IPv4-mapped', () => {
    expect(ipSubject('203.0.113.7')).toBe('203.0.113.7');
    expect(ipSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipSubject('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('an IPv6 address by its /64, in any writing', () => {
    const subject = '2001:db8:7:1::/64';
    for (const address of ['2001:db8:7:1::1', '2001:0db8:0007:0001:ffff:1:2:3', '2001:DB8:7:1:0:0:0:9', '2001:db8:7:1::1%eth0']) {
      expect(ipSubject(address)).toBe(subject);
    }
    expect(ipSubject('2001:db8:7:2::1')).not.toBe(subject);
    expect(ipSubject('::1')).toBe('0:0:0:0::/64');
    expect(ipSubject('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('a phone number by its digits, and its block', () => {
    for (const written of ['6265550142', '+1 626 555 0142', '1-626-555-0142', '(626) 555-0142']) {
      expect(phoneSubject(written)).toBe('6265550142');
      expect(phonePrefixSubject(written)).toBe('us:626555');
    }
    expect(phonePrefixSubject('+86 138 0013 8000')).toBe('cn:1380013');
  });

  it('an email trimmed and lower-cased', () => {
    expect(emailSubject(' Mei.Chen@Example.COM ')).toBe('mei.chen@example.com');
  });
});
