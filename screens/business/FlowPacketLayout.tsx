/** The layout route of the addOn order (LineOrderLayout). */
import { LineOrderLayout } from './LineOrderLayout';

export default function FlowPacketLayout() {
  return <LineOrderLayout kind="addOn" />;
}
