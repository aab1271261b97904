/**
 * Screens hold no user-facing literal text: every string a person reads goes through i18n.
 * Flags JSX text with letters or CJK characters, and literal strings in the attributes people read
 * (alt, title, placeholder, aria-label, label).
 */
const READ_ATTRS = new Set(['alt', 'title', 'placeholder', 'aria-label', 'label', 'aria-description']);
const HUMAN_TEXT = /[A-Za-z\u3400-\u9fff]/;

export default {
  meta: { type: 'problem', docs: { description: 'no literal user-facing strings in screens' }, schema: [] },
  create(context) {
    return {
      JSXText(node) {
        if (HUMAN_TEXT.test(node.value)) context.report({ node, message: `Literal text "${node.value.trim().slice(0, 40)}" in a screen: use t().` });
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!READ_ATTRS.has(name) || !node.value) return;
        const v = node.value;
        const literal = v.type === 'Literal' ? v.value : v.type === 'JSXExpressionContainer' && v.expression.type === 'Literal' ? v.expression.value : null;
        if (typeof literal === 'string' && HUMAN_TEXT.test(literal)) context.report({ node, message: `Literal ${name}="${literal.slice(0, 40)}" in a screen: use t().` });
      },
    };
  },
};
