import { forwardRef, type MouseEvent } from 'react';
import { Link, useLocation, useResolvedPath, type LinkProps } from 'react-router-dom';
import { markCurrentRouteClicked } from '../navFlags';

/**
 * The link used by header and footer. Clicking a link to the route you are on sets the forget flag (the
 * screen remounts fresh) and the title-active flag (the header item shows active).
 */
export const AppLink = forwardRef<HTMLAnchorElement, LinkProps>(function AppLink({ onClick, to, ...rest }, ref) {
  const location = useLocation();
  const target = useResolvedPath(to);
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (!e.defaultPrevented && target.pathname === location.pathname) markCurrentRouteClicked(target.pathname);
  };
  return <Link ref={ref} to={to} onClick={handle} {...rest} />;
});
