/** The layout route of the planChange order (LineOrderLayout). */
import { LineOrderLayout } from './LineOrderLayout';

export default function BundleChangeLayout() {
  return <LineOrderLayout kind="planChange" />;
}
