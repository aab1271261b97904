/** The layout route of the globalRenewal order (LineOrderLayout). */
import { LineOrderLayout } from './LineOrderLayout';

export default function GlobalRenewalLayout() {
  return <LineOrderLayout kind="globalRenewal" />;
}
