/**
 * The phone check's answers (spec sections 2 and 3: "results not compatible, partly compatible, fully compatible,
 * locked, uncertified"; section 8: "phone not compatible or blocked") and the words of the device table behind them
 * (issue 18, decision 0038).
 */
export const VERDICTS = ['fullyCompatible', 'partlyCompatible', 'notCompatible', 'uncertified', 'locked', 'blocked'] as const;
export type Verdict = typeof VERDICTS[number];

/** 'cn': a model made for mainland China. Spec section 5: "A CN-made phone cannot use eSIM." */
export const MARKETS = ['global', 'cn'] as const;
export type Market = typeof MARKETS[number];

export const COMPATIBILITIES = ['full', 'partial', 'none'] as const;
export type Compatibility = typeof COMPATIBILITIES[number];

/** Why a device is only partly compatible, or not at all; the page explains each. */
export const LIMITS = ['noEsim', 'noBand71', 'noBand66', 'noBand12', 'noVolte', 'noWifiCalling', 'no4g', 'noUsBands'] as const;
export type Limit = typeof LIMITS[number];

/**
 * Brands as customers type them in the three languages: "苹果" is Apple. The check answers for the model the IMEI
 * names, and says so when the brand typed is another.
 */
const BRAND_NAMES: Record<string, readonly string[]> = {
  apple: ['apple', 'iphone', '苹果', '蘋果'],
  samsung: ['samsung', '三星'],
  google: ['google', 'pixel', '谷歌'],
  huawei: ['huawei', '华为', '華為'],
  xiaomi: ['xiaomi', 'redmi', '小米', '红米', '紅米'],
  honor: ['honor', '荣耀', '榮耀'],
  oppo: ['oppo'],
  vivo: ['vivo'],
  oneplus: ['oneplus', 'one plus', '一加'],
  motorola: ['motorola', 'moto', '摩托罗拉', '摩托羅拉'],
  nokia: ['nokia', '诺基亚', '諾基亞'],
};

const plain = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** Whether the brand typed names the device's brand (in any of the three languages, any case). */
export function brandMatches(typed: string, brand: string): boolean {
  const t = plain(typed);
  const b = plain(brand);
  if (t === b) return true;
  const names = BRAND_NAMES[b.replace(/\s/g, '')];
  return names ? names.includes(t) : false;
}
