/** A line order's screens under their layout route, in a memory router (Testing Library). */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import FlowPacketLayout from '../../screens/business/FlowPacketLayout';
import LineOrderListScreen from '../../screens/business/LineOrderListScreen';
import LineOrderFormScreen from '../../screens/business/LineOrderFormScreen';
import LineOrderResultScreen from '../../screens/business/LineOrderResultScreen';
import LineOrderResultErrorScreen from '../../screens/business/LineOrderResultErrorScreen';

const BASE = '/personal/businessManegement/flowPacket';

export function renderFlowPacketScreens(initialEntry = BASE) {
  const router = createMemoryRouter([
    {
      Component: FlowPacketLayout,
      children: [
        { path: BASE, Component: LineOrderListScreen },
        { path: `${BASE}/form`, Component: LineOrderFormScreen },
        { path: `${BASE}/result/:orderNo`, Component: LineOrderResultScreen },
        { path: `${BASE}/resultError`, Component: LineOrderResultErrorScreen },
      ],
    },
    { path: '*', Component: () => null },
  ], { initialEntries: [initialEntry] });
  render(<RouterProvider router={router} />);
  return router;
}
