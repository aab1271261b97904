/** The layout route of the roaming order (LineOrderLayout). */
import { LineOrderLayout } from './LineOrderLayout';

export default function RoamPackLayout() {
  return <LineOrderLayout kind="roaming" />;
}
