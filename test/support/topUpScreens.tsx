/** The top-up screens under their layout route, in a memory router (Testing Library). */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import TopUpLayout from '../../screens/money/TopUpLayout';
import ChangeAccountScreen from '../../screens/money/ChangeAccountScreen';
import ConfirmPayScreen from '../../screens/money/ConfirmPayScreen';
import PayStatusScreen from '../../screens/money/PayStatusScreen';

export function renderTopUpScreens(initialEntry = '/personal/pay/changeAccount') {
  const router = createMemoryRouter([
    {
      Component: TopUpLayout,
      children: [
        { path: '/personal/pay/changeAccount', Component: ChangeAccountScreen },
        { path: '/personal/pay/confirmPay', Component: ConfirmPayScreen },
        { path: '/personal/pay/payStatus/:orderNo', Component: PayStatusScreen },
      ],
    },
    { path: '*', Component: () => null },
  ], { initialEntries: [initialEntry] });
  render(<RouterProvider router={router} />);
  return router;
}
