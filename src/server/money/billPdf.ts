/**
 * A month's bill as a PDF (issue 14, /mybill: "downloaded as a PDF that the gateway generates with a well-kept PDF
 * library, with an embedded CJK font so Chinese bills render"). pdfkit draws it; Noto Sans SC (SIL Open Font
 * License, from @expo-google-fonts/noto-sans-sc) is embedded as a subset of the glyphs used, in every language, so
 * names, plan names and numbers in any of the three languages show the same.
 */
import { createRequire } from 'node:module';
import type { BillEntry, BillMonth } from '../../contract/money';
import type { Language } from '../../../i18n/languages';
import { t } from '../i18n';
import { dateOnly, money } from '../messages';

const require = createRequire(import.meta.url);
const FONT = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');

export interface BillForPdf extends BillMonth { entries: BillEntry[] }
export interface BillHolder { username: string; phone: string | null }

const k = (lang: Language, key: string, vars?: Record<string, string | number>) => t(lang, `portalMoney:${key}`, vars);

/** What an entry is, in the bill's language. */
export const entryLabel = (lang: Language, e: BillEntry): string => {
  if (e.kind === 'topup') return k(lang, `bill.kind.topup.${e.direction}`, { account: k(lang, `account.${e.account ?? 'general'}`) });
  if (e.kind === 'order') return k(lang, 'bill.kind.order', { name: e.label });
  return k(lang, `bill.kind.${e.kind}`);
};

export async function renderBillPdf(lang: Language, bill: BillForPdf, holder: BillHolder, issuedAt: Date): Promise<Buffer> {
  // pdfkit is the largest package the gateway loads: loaded with the first bill, not at start (decision 0024).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER', margin: 50,
    info: { Title: k(lang, 'bill.pdfTitle', { month: bill.month }), Author: k(lang, 'bill.company.name'), Subject: bill.billNo },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', FONT);
  doc.font('cjk');

  doc.fontSize(18).text(k(lang, 'bill.company.name'));
  doc.fontSize(9).fillColor('#444')
    .text(k(lang, 'bill.company.address'))
    .text(k(lang, 'bill.company.contact'));
  doc.moveDown();
  doc.fillColor('#000').fontSize(14).text(k(lang, 'bill.pdfTitle', { month: bill.month }));
  doc.fontSize(10)
    .text(k(lang, 'bill.number', { billNo: bill.billNo }))
    .text(k(lang, 'bill.issued', { date: dateOnly(lang, issuedAt) }))
    .text(k(lang, 'bill.holder', { name: holder.username, phone: holder.phone ?? '-' }));
  doc.moveDown();

  const cols = [50, 135, 330, 400, 470];
  const header = [k(lang, 'bill.col.date'), k(lang, 'bill.col.item'), k(lang, 'bill.col.amount'), k(lang, 'bill.col.tax'), k(lang, 'bill.col.total')];
  const row = (cells: string[], size = 9) => {
    const y = doc.y;
    doc.fontSize(size);
    cells.forEach((cell, i) => doc.text(cell, cols[i]!, y, { width: (cols[i + 1] ?? 545) - cols[i]! - 6, align: i >= 2 ? 'right' : 'left' }));
    doc.x = 50;
    doc.moveDown(0.4);
  };
  row(header, 9);
  doc.moveTo(50, doc.y).lineTo(545, doc.y).strokeColor('#999').stroke();
  doc.moveDown(0.3);
  if (bill.entries.length === 0) doc.fontSize(9).text(k(lang, 'bill.empty'), 50);
  for (const e of bill.entries) {
    const sign = e.direction === 'credit' ? '+' : '';
    row([
      dateOnly(lang, new Date(e.at)),
      `${entryLabel(lang, e)}${e.orderNo ? `\n${k(lang, e.kind === 'topup' ? 'bill.topUpNo' : 'bill.orderNo', { orderNo: e.orderNo })}` : ''}`,
      `${sign}${money(lang, e.amountCents)}`, money(lang, e.taxCents), `${sign}${money(lang, e.totalCents)}`,
    ]);
  }
  doc.moveTo(50, doc.y).lineTo(545, doc.y).strokeColor('#999').stroke();
  doc.moveDown(0.5);
  doc.fontSize(10)
    .text(k(lang, 'bill.totalCharges', { amount: money(lang, bill.chargesCents) }), 50)
    .text(k(lang, 'bill.totalTax', { amount: money(lang, bill.taxCents) }))
    .text(k(lang, 'bill.totalCredits', { amount: money(lang, bill.creditsCents) }));
  doc.moveDown();
  doc.fontSize(8).fillColor('#444').text(k(lang, 'bill.note'));
  doc.end();
  return done;
}
