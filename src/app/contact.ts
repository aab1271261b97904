/** How customers reach support (brief): 611 from the phone, or these, 24/7 in English, Mandarin and Cantonese. */
export const SUPPORT_SHORT_NUMBER = '611';
export const SUPPORT_PHONE = '+1 (888) 555-0611';
export const SUPPORT_PHONE_TEL = '+18885550611';
export const SUPPORT_EMAIL = 'support@linkbridge-mobile.example';
