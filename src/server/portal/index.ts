/**
 * Portal (issue 14, part HOME): the account home and plan pages, Wi-Fi calling's E911 address, the eSIM install
 * details after re-authentication, and the line rules (isSmsUser, showAutonewSetBtn) other areas check on the
 * gateway through requireUsLine.
 */
export { portalRoutes } from './routes';
export { dataOf, portalHome } from './home';
export { isSmsUserOf, linesOf, requireUsLine, usLineOf } from './lineRules';
