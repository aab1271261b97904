/** The card form's look: plain, readable at 320 to 480 px, large touch targets, visible focus and errors. */
export const CARD_FORM_CSS = `
*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;padding:0;background:transparent;color:#111827;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif}
html:lang(zh-Hant) body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"PingFang TC","Microsoft JhengHei","Noto Sans CJK TC",sans-serif}
form{display:grid;gap:.75rem;padding:2px}
.row{display:grid;gap:.75rem;grid-template-columns:repeat(auto-fit,minmax(8rem,1fr))}
.field{display:grid;gap:.25rem;align-content:start;min-width:0}
label{font-weight:600;font-size:.9375rem}
.label-row{display:flex;justify-content:space-between;align-items:baseline;gap:.5rem}
input{width:100%;min-height:2.75rem;padding:.5rem .75rem;border:1px solid #6b7280;border-radius:.5rem;background:#fff;color:#111827;font:inherit;letter-spacing:.02em}
input:focus{outline:3px solid #2563eb;outline-offset:1px;border-color:#1d4ed8}
input[aria-invalid="true"]{border-color:#b91c1c;background:#fef2f2}
.brand{font-size:.8125rem;font-weight:600;color:#374151;white-space:nowrap}
.hint{margin:0;font-size:.8125rem;color:#4b5563}
.error{margin:0;font-size:.875rem;color:#b91c1c}
.note{margin:0;font-size:.8125rem;color:#374151}
.sandbox{padding:.375rem .5rem;border-radius:.375rem;background:#fffbeb;color:#78350f}
form[aria-busy="true"] input{opacity:.7}
`;
