/** The WeChat Pay agreement of /wechat-signing (issue 18 section 3, decision 0046): signing, cancelling, top-ups paid by it. */
export { wechatSigningRoutes } from './routes';
