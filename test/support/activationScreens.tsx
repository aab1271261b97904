/** The /activation screens under their layout route, in a memory router (Testing Library), with a stand-in for the plan purchase. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import ActivationLayout from '../../screens/activation/ActivationLayout';
import FirstScreen from '../../screens/activation/FirstScreen';
import SecondScreen from '../../screens/activation/SecondScreen';
import ThirdScreen from '../../screens/activation/ThirdScreen';

const Propagate = () => <p data-testid="propagate" />;

export function renderActivationScreens(initialEntry = '/activation/first') {
  const router = createMemoryRouter([
    {
      Component: ActivationLayout,
      children: ['/activation/first'].map((path) => ({ path, Component: FirstScreen }))
        .concat(['/activation/second', '/activation/secondOffline', '/activation/global/second'].map((path) => ({ path, Component: SecondScreen })))
        .concat(['/activation/third', '/activation/global/third'].map((path) => ({ path, Component: ThirdScreen }))),
    },
    { path: '/activation/propagate', Component: Propagate },
  ], { initialEntries: [initialEntry] });
  render(<RouterProvider router={router} />);
  return router;
}
