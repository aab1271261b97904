import { describe } from 'vitest';
import { checkoutModel } from '../../machines/models/checkout';
import { describeChartPaths } from './toolkit/describeChart';

describe('checkout chart paths', () => describeChartPaths(checkoutModel));
