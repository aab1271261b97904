/** The /tracking screens under their layout route, in a memory router (Testing Library). */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import TrackingLayout from '../../screens/tracking/TrackingLayout';
import TrackingModifyScreen from '../../screens/tracking/TrackingModifyScreen';
import TrackingResultScreen from '../../screens/tracking/TrackingResultScreen';
import TrackingSearchScreen from '../../screens/tracking/TrackingSearchScreen';

export function renderTrackingScreens(initialEntry = '/tracking/search') {
  const router = createMemoryRouter([{
    Component: TrackingLayout,
    children: [
      { path: '/tracking/search', Component: TrackingSearchScreen },
      { path: '/tracking/result', Component: TrackingResultScreen },
      { path: '/tracking/modify', Component: TrackingModifyScreen },
    ],
  }], { initialEntries: [initialEntry] });
  render(<RouterProvider router={router} />);
  return router;
}
